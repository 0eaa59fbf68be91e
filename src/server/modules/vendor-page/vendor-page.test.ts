import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { vendors } from '#server/db/schema/index';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let vendor1: Awaited<ReturnType<TestApp['login']>>;
let vendor2: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  [admin, vendor1, vendor2] = await Promise.all([
    t.login(DEMO_ACCOUNTS.admin),
    t.login(DEMO_ACCOUNTS.vendor1),
    t.login(DEMO_ACCOUNTS.vendor2),
  ]);
  const define = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/metafields', headers: admin.headers, payload: { owner: 'collections', ...payload } });
  await define({ key: 'story', name: 'Our story', type: 'textarea', showOnVendorPage: true, required: true });
  await define({ key: 'since', name: 'Since', type: 'input', showOnVendorPage: true });
  await define({ key: 'internal', name: 'Internal', type: 'input' });
  await t.app.inject({
    method: 'PATCH',
    url: '/api/app/info/features',
    headers: admin.headers,
    payload: { features: { vendorPage: { enabled: true, sections: [{ name: 'About', keys: ['story', 'since'] }] } } },
  });
});
afterAll(() => t.close());

const save = (who: typeof admin, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/vendors/v2', headers: who.headers, payload });
const definitions = (who: typeof admin) => t.app.inject({ method: 'GET', url: '/api/vendors/v2/definitions', headers: who.headers });

describe('vendor page', () => {
  it('answers the page fields and sections, and the vendor its own page', async () => {
    const res = (await definitions(vendor1)).json();
    expect(res.definitions.map((d: { key: string }) => d.key)).toEqual(['story', 'since']);
    expect(res.sections).toEqual([{ name: 'About', keys: ['story', 'since'] }]);
    expect(res.page).toMatchObject({ status: 'draft', description: '' });
  });

  it('saves a page pending approval, requires the required fields, and keeps vendors apart', async () => {
    const missing = await save(vendor1, { description: 'Hand-made', imageUrl: '', metafields: [{ key: 'since', value: '1999' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Some metafields are required',
      errors: [{ path: 'metafields.0', message: 'Required' }],
    });
    const ok = await save(vendor1, {
      description: 'Hand-made',
      imageUrl: 'https://cdn.test/shop.png',
      metafields: [
        { key: 'story', value: 'Since my garage' },
        { key: 'internal', value: 'x' },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'pending', metafields: [{ key: 'story', value: 'Since my garage' }] });
    expect((await definitions(vendor2)).json().page.description).toBe('');
    expect((await save(vendor1, { description: '', imageUrl: 'not a url', metafields: [] })).json().message).toBe('Must be a valid URL');
  });

  it('lets an admin approve a page; vendors cannot', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/vendors/v2/action',
          headers: vendor1.headers,
          payload: { action: 'approve', vendor: 'Vendor One' },
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/vendors/v2/action',
      headers: admin.headers,
      payload: { action: 'approve', vendor: 'Vendor One' },
    });
    expect(res.statusCode).toBe(200);
    expect((await definitions(vendor1)).json().page.status).toBe('approved');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/vendors/v2/action',
          headers: admin.headers,
          payload: { action: 'approve', vendor: 'Ghost' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('asks an admin in the marketplace view to pick a vendor first', async () => {
    const res = await save(admin, { description: 'x', imageUrl: '', metafields: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Switch to a vendor to edit its page');
  });

  it("opens the page of the vendor an admin names, and an admin's save there publishes it; a vendor cannot name another", async () => {
    await t.db.insert(vendors).values({ storeId: 'demo', name: 'Page Fixer' });
    const named = (
      await t.app.inject({ method: 'GET', url: '/api/vendors/v2/definitions?vendor=Page%20Fixer', headers: admin.headers })
    ).json();
    expect(named.page).toMatchObject({ description: '' });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/vendors/v2?vendor=Page%20Fixer',
      headers: admin.headers,
      payload: { description: 'Fixed by the admin', imageUrl: '', metafields: [{ key: 'story', value: 'Ours' }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'approved', description: 'Fixed by the admin' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/vendors/v2/definitions?vendor=Page%20Fixer', headers: admin.headers })).json().page,
    ).toMatchObject({ status: 'approved', description: 'Fixed by the admin' });
    const other = await t.app.inject({ method: 'GET', url: '/api/vendors/v2/definitions?vendor=Page%20Fixer', headers: vendor1.headers });
    expect(other.json().page.description).not.toBe('Fixed by the admin');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/vendors/v2/definitions?vendor=Ghost', headers: admin.headers });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a save while vendor pages are turned off, and writes nothing', async () => {
    const features = (vendorPage: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/app/info/features', headers: admin.headers, payload: { features: { vendorPage } } });
    await features({ enabled: false });
    try {
      const res = await save(vendor2, { description: 'Off', imageUrl: '', metafields: [{ key: 'story', value: 'x' }] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Vendor pages are turned off for this marketplace');
      expect((await definitions(vendor2)).json().page.description).toBe('');
    } finally {
      await features({ enabled: true });
    }
  });
});

describe('the published vendor page (storefront widget: GET storefront/populate/vendor)', () => {
  const widget = async (json = true) =>
    t.app.inject({
      method: 'GET',
      url: `/api/storefront/populate/vendor?store=demo&vendor=${encodeURIComponent('Vendor Two')}${json ? '&json=true' : ''}`,
    });
  const decide = (action: string) =>
    t.app.inject({ method: 'PUT', url: '/api/vendors/v2/action', headers: admin.headers, payload: { action, vendor: 'Vendor Two' } });

  it('shows no page until one is approved, then the approved content, which a pending edit does not replace', async () => {
    await save(vendor2, {
      description: '<p>Clay <script>alert(1)</script>and fire</p>',
      imageUrl: 'https://cdn.test/kiln.png',
      metafields: [
        { key: 'story', value: 'Two kilns' },
        { key: 'since', value: '2001' },
      ],
    });
    const before = await widget();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ vendor: 'Vendor Two', page: null });
    expect((await decide('approve')).statusCode).toBe(200);
    const approved = (await widget()).json().page;
    expect(approved).toEqual({
      description: '<p>Clay and fire</p>',
      imageUrl: 'https://cdn.test/kiln.png',
      fields: [
        { key: 'story', name: 'Our story', type: 'textarea', value: 'Two kilns' },
        { key: 'since', name: 'Since', type: 'input', value: '2001' },
      ],
      sections: [{ name: 'About', keys: ['story', 'since'] }],
    });
    // The vendor edits: the edit waits for review, the storefront keeps the approved page.
    await save(vendor2, { description: '<p>Changed</p>', imageUrl: '', metafields: [{ key: 'story', value: 'Three kilns' }] });
    expect((await definitions(vendor2)).json().page.status).toBe('pending');
    expect((await widget()).json().page.description).toBe('<p>Clay and fire</p>');
    const html = await widget(false);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('<section class="mp-vendor-page"><img class="mp-vendor-image" src="https://cdn.test/kiln.png"');
    expect(html.body).toContain(
      '<dt class="mp-vendor-field-name">Our story</dt><dd class="mp-vendor-field-value" data-key="story">Two kilns</dd>',
    );
    expect(html.body).not.toContain('<script');
  });

  it('takes the page down when an admin unapproves it or vendor pages are turned off', async () => {
    await decide('approve');
    expect((await widget()).json().page.description).toBe('<p>Changed</p>');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/app/info/features',
      headers: admin.headers,
      payload: { features: { vendorPage: { enabled: false } } },
    });
    expect((await widget()).json().page).toBeNull();
    await t.app.inject({
      method: 'PATCH',
      url: '/api/app/info/features',
      headers: admin.headers,
      payload: { features: { vendorPage: { enabled: true } } },
    });
    expect((await widget()).json().page).not.toBeNull();
    await decide('unapprove');
    expect((await widget()).json().page).toBeNull();
    expect((await widget(false)).body).not.toContain('mp-vendor-page');
  });
});
