import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { productLogs, products, productTranslations, productVariants, stores, users, vendors } from '#server/db/schema/index';
import { hashPassword } from '../auth/passwords.ts';
import { patchStoreSettings } from '../settings/store-settings.ts';
import { patchVendorSettings } from '../settings/vendor-settings.ts';
import { caller, demoSessions, type Method, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';
import { wholeProduct } from '../../../../test/support/whole-product.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let otherAdmin: Session;
let id: string;
let variantId: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  await patchStoreSettings(t.db, 'demo', { translations: { enabled: true, locales: ['nl'], dict: {} } });
  id = await saveProduct(
    t,
    s.vendor1,
    productInput({ title: 'Secret recipe mug', status: 'ACTIVE', variants: [{ price: '9', stock: 2, sku: 'SECRET-1' }] }),
  );
  variantId = (await t.db.select().from(productVariants).where(eq(productVariants.productId, id)))[0].id;
  await caller(t, s.vendor1)('PATCH', `/api/products/${id}/translations`, {
    translations: [{ locale: 'nl', key: 'title', value: 'Geheime mok' }],
  });
  // The second vendor may even approve its own products: that must not reach the first vendor's.
  const vendorTwo = (await t.db.select().from(vendors).where(eq(vendors.name, 'Vendor Two')))[0].id;
  await patchVendorSettings(t.db, 'demo', vendorTwo, { autoApprove: true });
  // An admin of another store.
  await t.db.insert(stores).values({ id: 'other', shopName: 'Other Market' });
  await t.db
    .insert(users)
    .values({ storeId: 'other', email: 'admin@other.test', isAdmin: true, passwordHash: await hashPassword('other-password-1') });
  otherAdmin = await t.login('admin@other.test', 'other-password-1', 'other');
});
afterAll(() => t.close());

async function everything() {
  return {
    products: await t.db.select().from(products),
    variants: await t.db.select().from(productVariants),
    translations: await t.db.select().from(productTranslations),
    logs: await t.db.select().from(productLogs),
  };
}

/** Every product call with the first vendor's ids. */
const probes = (): [Method, string, object?][] => [
  ['GET', `/api/products-v2/${id}`],
  [
    'PUT',
    '/api/products-v2',
    { product: wholeProduct(productInput({ id, title: 'Taken over', variants: [{ id: variantId, price: '1', stock: 0 }] })) },
  ],
  ['PATCH', `/api/product-v2/${id}/approve`, { note: 'x' }],
  ['PATCH', `/api/product-v2/${id}/unapprove`, {}],
  ['PATCH', `/api/product-v2/${id}/delete`, {}],
  ['GET', `/api/products/${id}/translations?locale=nl`],
  ['PATCH', `/api/products/${id}/translations`, { translations: [{ locale: 'nl', resourceId: id, key: 'title', value: 'Gestolen' }] }],
  ['GET', `/api/logs/product/${id}`],
];

describe("another vendor's product ids", () => {
  it('every product call answers 404, shows no foreign field and changes nothing', async () => {
    const before = await everything();
    for (const [who, session] of [
      ['vendor2', s.vendor2],
      ['other store admin', otherAdmin],
    ] as const) {
      for (const [method, url, payload] of probes()) {
        const res = await caller(t, session)(method, url, payload);
        expect({ who, call: `${method} ${url}`, status: res.statusCode }).toEqual({ who, call: `${method} ${url}`, status: 404 });
        expect(res.body).not.toContain('Secret');
        expect(res.body).not.toContain('Geheime');
      }
    }
    expect(await everything()).toEqual(before);
  });

  it("lists, searches and counters return none of the other vendor's rows", async () => {
    for (const query of ['status=ALL', 'status=ACTIVE&q=secret', 'status=ALL&q=SECRET-1', 'status=ALL&vendor=Vendor%20One']) {
      const res = await caller(t, s.vendor2)('GET', `/api/products-v2?${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ products: [], count: 0 });
    }
    expect((await caller(t, otherAdmin)('GET', '/api/products-v2?status=ALL&q=secret')).json().count).toBe(0);
    expect((await caller(t, s.vendor2)('GET', '/api/app/status')).json()).toMatchObject({ activeProducts: 0, draftProducts: 0 });
    // The owner and the admin do see it.
    expect((await caller(t, s.vendor1)('GET', '/api/products-v2?status=ACTIVE&q=secret')).json().count).toBe(1);
    expect((await caller(t, s.admin)('GET', '/api/products-v2?status=ACTIVE&q=secret')).json().count).toBe(1);
  });

  it("an export by the other vendor contains none of the first vendor's products", async () => {
    await saveProduct(t, s.vendor2, productInput({ title: 'Own mug', status: 'ACTIVE' }));
    const { exportId } = (await caller(t, s.vendor2)('POST', '/api/products/export?status=ALL')).json();
    await t.ctx.jobs.drain();
    const file = await caller(t, s.vendor2)('GET', `/api/products/exports/${exportId}/download`);
    expect(file.body).toContain('Own mug');
    expect(file.body).not.toContain('Secret');
  });
});
