import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { vendorApplications, vendorSettings, vendors } from '#server/db/schema/index';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO_ACCOUNTS.admin);
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, payload });
const apply = (fields: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vendor/application',
    payload: { store: 'demo', vendorName: 'Kiln Works', email: 'kiln@works.test', fields: [...demoAnswers, ...fields] },
  });
/** The answers the demo store's own registration fields require. */
const demoAnswers = [
  { key: 'company', value: 'Kiln Works BV' },
  { key: 'categories', value: ['Art'] },
  { key: 'country', value: 'Germany' },
  { key: 'terms', value: true },
  { key: 'logo', value: 'http://127.0.0.1:3000/api/files/demo/metafield-file/x.png' },
];

describe('vendor metafields flagged registration', () => {
  it("are asked on the registration form, checked like its fields, and become the approved vendor's metafields", async () => {
    const studio = {
      owner: 'collections',
      key: 'studio_city',
      name: 'Studio city',
      type: 'input',
      required: true,
      registration: true,
      description: 'Where you make things',
    };
    expect((await asAdmin('POST', '/api/metafields', studio)).statusCode).toBe(200);
    // Not flagged, or a product's metafield: not asked.
    expect(
      (await asAdmin('POST', '/api/metafields', { owner: 'collections', key: 'motto', name: 'Motto', type: 'input' })).statusCode,
    ).toBe(200);
    expect(
      (await asAdmin('POST', '/api/metafields', { owner: 'products', key: 'glaze', name: 'Glaze', type: 'input', registration: true }))
        .statusCode,
    ).toBe(200);

    const form = (await t.app.inject({ method: 'GET', url: '/api/store/registration?store=demo' })).json();
    const asked = form.registrationFields.map((f: { key: string }) => f.key);
    expect(form.registrationFields.at(-1)).toEqual({
      key: 'studio_city',
      name: 'Studio city',
      type: 'text',
      required: true,
      description: 'Where you make things',
      options: [],
      link: '',
    });
    expect(asked).not.toContain('motto');
    expect(asked).not.toContain('glaze');

    const missing = await apply([]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Required field',
      errors: [{ path: 'fields.studio_city', message: 'Required field' }],
    });

    expect((await apply([{ key: 'studio_city', value: 'Delft' }])).statusCode).toBe(201);
    const [application] = await t.db.select().from(vendorApplications).where(eq(vendorApplications.email, 'kiln@works.test'));
    expect(application.fields).toContainEqual({ key: 'studio_city', value: 'Delft', name: 'Studio city' });
    // The confirmation link is another test's subject: the application is taken as confirmed.
    await t.db.update(vendorApplications).set({ status: 'pending' }).where(eq(vendorApplications.id, application.id));
    expect((await asAdmin('PUT', `/api/vendors/application/${application.id}/status`, { status: 'approved' })).statusCode).toBe(200);

    const [vendor] = await t.db
      .select()
      .from(vendors)
      .where(and(eq(vendors.storeId, 'demo'), eq(vendors.name, 'Kiln Works')));
    const [row] = await t.db.select().from(vendorSettings).where(eq(vendorSettings.vendorId, vendor.id));
    // Only the metafield answers: the store's own registration fields stay on the application.
    expect(row.settings).toMatchObject({ vendorPage: { metafields: [{ key: 'studio_city', value: 'Delft' }], status: 'draft' } });
  });
});
