import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { stores, vendorApplications } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
  it('stores a trimmed, lowercased application and mails the applicant and the admins', async () => {
    const res = await apply({ store: 'demo', vendorName: '  Acme Ceramics ', email: '  Jo@Acme.TEST ', fields: validFields });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(vendorApplications).where(eq(vendorApplications.email, 'jo@acme.test'));
    expect(row).toMatchObject({ storeId: 'demo', vendorName: 'Acme Ceramics', status: 'pending' });
    expect(row.fields).toContainEqual({ key: 'categories', value: ['Art', 'Home'], name: 'Categories' });
    const [toApplicant] = await t.mailsTo('jo@acme.test');
    expect(toApplicant.template).toBe('vendor-pending-approval');
    const [toAdmin] = await t.mailsTo(DEMO_ACCOUNTS.admin);
    expect(toAdmin.template).toBe('marketplace-vendor-request');
    expect(toAdmin.text).toContain('Acme Ceramics (jo@acme.test)');
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
    const missing = await apply({ store: 'demo', vendorName: 'Shop', email: 'x@y.test', fields: validFields.filter((f) => f.key !== 'terms') });
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
    await t.db.update(stores).set({ settings: { ...settings, registration: { ...settings.registration, enableApproval: false } } }).where(eq(stores.id, 'demo'));
    const disabled = await apply({ store: 'demo', vendorName: 'Shop', email: 'x@y.test', fields: validFields });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().message).toBe('Vendor registration is currently disabled.');
    await t.db.update(stores).set({ settings }).where(eq(stores.id, 'demo'));
  });

  it('answers an existing account e-mail exactly like a new one (no account discovery)', async () => {
    const res = await apply({ store: 'demo', vendorName: 'Again', email: DEMO_ACCOUNTS.vendor1, fields: validFields });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
  });
});
