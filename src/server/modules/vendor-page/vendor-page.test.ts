import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let vendor1: Awaited<ReturnType<TestApp['login']>>;
let vendor2: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  [admin, vendor1, vendor2] = await Promise.all([t.login(DEMO_ACCOUNTS.admin), t.login(DEMO_ACCOUNTS.vendor1), t.login(DEMO_ACCOUNTS.vendor2)]);
  const define = (payload: object) => t.app.inject({ method: 'POST', url: '/api/metafields', headers: admin.headers, payload: { owner: 'collections', ...payload } });
  await define({ key: 'story', name: 'Our story', type: 'textarea', showOnVendorPage: true, required: true });
  await define({ key: 'since', name: 'Since', type: 'input', showOnVendorPage: true });
  await define({ key: 'internal', name: 'Internal', type: 'input' });
  await t.app.inject({ method: 'PATCH', url: '/api/app/info/features', headers: admin.headers, payload: { features: { vendorPage: { enabled: true, sections: [{ name: 'About', keys: ['story', 'since'] }] } } } });
});
afterAll(() => t.close());

const save = (who: typeof admin, payload: object) => t.app.inject({ method: 'POST', url: '/api/vendors/v2', headers: who.headers, payload });
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
    expect(missing.json()).toMatchObject({ message: 'Some metafields are required', errors: [{ path: 'metafields.0', message: 'Required' }] });
    const ok = await save(vendor1, { description: 'Hand-made', imageUrl: 'https://cdn.test/shop.png', metafields: [{ key: 'story', value: 'Since my garage' }, { key: 'internal', value: 'x' }] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'pending', metafields: [{ key: 'story', value: 'Since my garage' }] });
    expect((await definitions(vendor2)).json().page.description).toBe('');
    expect((await save(vendor1, { description: '', imageUrl: 'not a url', metafields: [] })).json().message).toBe('Must be a valid URL');
  });

  it('lets an admin approve a page; vendors cannot', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/vendors/v2/action', headers: vendor1.headers, payload: { action: 'approve', vendor: 'Vendor One' } })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'PUT', url: '/api/vendors/v2/action', headers: admin.headers, payload: { action: 'approve', vendor: 'Vendor One' } });
    expect(res.statusCode).toBe(200);
    expect((await definitions(vendor1)).json().page.status).toBe('approved');
    expect((await t.app.inject({ method: 'PUT', url: '/api/vendors/v2/action', headers: admin.headers, payload: { action: 'approve', vendor: 'Ghost' } })).statusCode).toBe(404);
  });

  it('asks an admin in the marketplace view to pick a vendor first', async () => {
    const res = await save(admin, { description: 'x', imageUrl: '', metafields: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Switch to a vendor to edit its page');
  });
});
