import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { outboxEmails, stores, vendorApplications } from '#server/db/schema/index';

let t: TestApp;
let clock = new Date('2026-11-21T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

let address = 0;
const apply = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/vendor/application', remoteAddress: `10.2.0.${++address % 250}`, payload: payload as object });

const validFields = [
  { key: 'company', value: 'Acme BV', name: 'Company name' },
  { key: 'categories', value: ['Art', 'Home'], name: 'Categories' },
  { key: 'country', value: 'Germany', name: 'Country' },
  { key: 'terms', value: true, name: 'Terms' },
  { key: 'logo', value: 'http://127.0.0.1:3000/api/files/demo/metafield-file/x.png', name: 'Shop logo' },
];

describe('GET /api/store/registration', () => {
  it('returns the public registration settings of a store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/store/registration?store=demo' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ store: 'demo', shopName: 'Demo Marketplace', requireApproval: true, wordings: { vendor: 'vendor' } });
    expect(body.logo).toEqual({ value: '', src: '', selected: 'default' });
    expect(new Set(body.registrationFields.map((f: { type: string }) => f.type))).toEqual(
      new Set(['text', 'textarea', 'richtext', 'checkbox', 'select', 'file', 'terms', 'video', 'image', 'media']),
    );
  });

  it('falls back to the default store without ?store and answers 404 for an unknown one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/store/registration' })).json().store).toBe('demo');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/store/registration?store=nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown store' });
  });
});

describe('POST /api/vendor/application', () => {
  it('stores a trimmed, lowercased, unconfirmed application and mails only the applicant, a confirmation link', async () => {
    const res = await apply({ store: 'demo', vendorName: '  Acme Ceramics ', email: '  Jo@Acme.TEST ', fields: validFields });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(vendorApplications).where(eq(vendorApplications.email, 'jo@acme.test'));
    expect(row).toMatchObject({ storeId: 'demo', vendorName: 'Acme Ceramics', status: 'unconfirmed' });
    expect(row.fields).toContainEqual({ key: 'categories', value: ['Art', 'Home'], name: 'Categories' });
    const mails = await t.mailsTo('jo@acme.test');
    expect(mails.map((m) => m.template)).toEqual(['auth-verify']);
    expect(mails[0].html).toContain('http://127.0.0.1:3000/api/vendor/application/confirm?token=');
    expect((await t.mailsTo(DEMO_ACCOUNTS.admin)).filter((m) => m.template === 'marketplace-vendor-request')).toEqual([]);
  });

  it('answers 400 with the message for missing base fields and bad e-mails', async () => {
    const noName = await apply({ store: 'demo', vendorName: '  ', email: 'a@b.test', fields: validFields });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ message: 'Required field', errors: [{ path: 'vendorName', message: 'Required field' }] });
    const badEmail = await apply({ store: 'demo', vendorName: 'X', email: 'not-an-email', fields: validFields });
    expect(badEmail.json()).toMatchObject({ message: 'Must be a valid email' });
    const wrongType = await apply({ store: 'demo', vendorName: 42, email: 'a@b.test', fields: 'nope' });
    expect(wrongType.statusCode).toBe(400);
  });

  it("enforces the store's required fields and options, and writes nothing on failure", async () => {
    const before = (await t.db.select().from(vendorApplications)).length;
    const missing = await apply({
      store: 'demo',
      vendorName: 'Shop',
      email: 'x@y.test',
      fields: validFields.filter((f) => f.key !== 'terms'),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Required field', errors: [{ path: 'fields.terms', message: 'Required field' }] });
    const badChoice = await apply({
      store: 'demo',
      vendorName: 'Shop',
      email: 'x@y.test',
      fields: validFields.map((f) => (f.key === 'country' ? { ...f, value: 'Atlantis' } : f)),
    });
    expect(badChoice.statusCode).toBe(400);
    expect((await t.db.select().from(vendorApplications)).length).toBe(before);
  });

  it('answers 404 for an unknown store and 400 when registration is disabled', async () => {
    expect((await apply({ store: 'nope', vendorName: 'Shop', email: 'x@y.test', fields: [] })).statusCode).toBe(404);
    const [demo] = await t.db.select().from(stores).where(eq(stores.id, 'demo'));
    const settings = demo.settings as { registration: { enableApproval: boolean } };
    await t.db
      .update(stores)
      .set({ settings: { ...settings, registration: { ...settings.registration, enableApproval: false } } })
      .where(eq(stores.id, 'demo'));
    const disabled = await apply({ store: 'demo', vendorName: 'Shop', email: 'x@y.test', fields: validFields });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().message).toBe('Vendor registration is currently disabled.');
    await t.db.update(stores).set({ settings }).where(eq(stores.id, 'demo'));
  });

  it('refuses a name that is already a vendor of the store, or an e-mail with an account there: 409 naming the field, nothing stored or mailed', async () => {
    const before = (await t.db.select().from(vendorApplications)).length;
    const taken = await apply({ store: 'demo', vendorName: ' Vendor One ', email: 'new@one.test', fields: validFields });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'A vendor with this name already exists',
      errors: [{ path: 'vendorName', message: 'A vendor with this name already exists' }],
    });
    const account = await apply({
      store: 'demo',
      vendorName: 'Brand New',
      email: DEMO_ACCOUNTS.vendor1.toUpperCase(),
      fields: validFields,
    });
    expect(account.statusCode).toBe(409);
    expect(account.json()).toEqual({
      message: 'An account with this e-mail already exists',
      errors: [{ path: 'email', message: 'An account with this e-mail already exists' }],
    });
    expect((await t.db.select().from(vendorApplications)).length).toBe(before);
    expect(await t.mailsTo('new@one.test')).toEqual([]);
  });
});

describe('the applicant confirms the e-mail address before the application reaches the admins', () => {
  const admin = () => t.login(DEMO_ACCOUNTS.admin);
  const linkOf = async (email: string) => {
    const [mail] = await t.mailsTo(email);
    expect(mail.template).toBe('auth-verify');
    return new URL(/href="([^"]+confirm[^"]+)"/.exec(mail.html)![1].replace(/&amp;/g, '&'));
  };
  const confirm = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/vendor/application/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
  const listed = async (email: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vendors?applicationStatus=all', headers: (await admin()).headers });
    return res.json().applications.filter((a: { email: string }) => a.email === email);
  };

  it('the link opens a page whose button confirms once; then the admins are mailed and see it pending', async () => {
    expect((await apply({ store: 'demo', vendorName: 'Kiln Works', email: 'kiln@works.test', fields: validFields })).statusCode).toBe(201);
    const link = await linkOf('kiln@works.test');
    expect(await listed('kiln@works.test')).toEqual([]);
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<form method="post" action="/api/vendor/application/confirm">');
    // Opening the page (a mail scanner following the link) confirms nothing.
    expect(await listed('kiln@works.test')).toEqual([]);

    const token = link.searchParams.get('token')!;
    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Thank you for your application, we'll get back to you shortly.");
    expect(await listed('kiln@works.test')).toMatchObject([{ status: 'pending', vendorName: 'Kiln Works' }]);
    expect((await t.mailsTo('kiln@works.test')).map((m) => m.template)).toEqual(['vendor-pending-approval', 'auth-verify']);
    const [toAdmin] = await t.mailsTo(DEMO_ACCOUNTS.admin);
    expect(toAdmin.template).toBe('marketplace-vendor-request');
    expect(toAdmin.text).toContain('Kiln Works (kiln@works.test)');

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This link is invalid or has expired');
    // The outbox an admin reads never holds the link.
    const outbox = await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'kiln@works.test'));
    expect(outbox.map((m) => m.html).join()).not.toContain(token);
    const api = await t.app.inject({ method: 'GET', url: '/api/notifications/outbox', headers: (await admin()).headers });
    expect(api.body).not.toContain(token);
  });

  it('one application waits per address and store; an unconfirmed one expires and frees the address', async () => {
    const form = { store: 'demo', vendorName: 'Twice Shop', email: 'twice@shop.test', fields: validFields };
    expect((await apply(form)).statusCode).toBe(201);
    const first = await linkOf('twice@shop.test');
    const second = await apply({ ...form, vendorName: 'Twice Again' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('An application for this e-mail address is already waiting');
    expect(await t.mailsTo('twice@shop.test')).toHaveLength(1);

    clock = new Date(clock.getTime() + 61 * 60_000);
    expect((await confirm(first.searchParams.get('token')!)).statusCode).toBe(400);
    expect((await apply({ ...form, vendorName: 'Twice Later' })).statusCode).toBe(201);
    const rows = await t.db.select().from(vendorApplications).where(eq(vendorApplications.email, 'twice@shop.test'));
    expect(rows.map((r) => [r.vendorName, r.status])).toEqual([['Twice Later', 'unconfirmed']]);
    // Confirmed and waiting for the admins, it still blocks a second one.
    expect((await confirm((await linkOf('twice@shop.test')).searchParams.get('token')!)).statusCode).toBe(200);
    expect((await apply(form)).statusCode).toBe(409);
  });
});
