import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { orders, platformInstallations, productVariants, vendorOrders } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { webhookHmac } from '#server/adapters/storefront/shopify/index';
import { startFakeAdminGraphql } from '../../../../test/fakes/fake-admin-graphql.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

const SECRET = 'hush';
const SHOP = 'demo-market.myshopify.com';
const TOKEN = 'shpat_demo_market';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeAdminGraphql>>;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let ebook: string;
let mug: string;

beforeAll(async () => {
  fake = await startFakeAdminGraphql({ tokens: { [SHOP]: TOKEN } });
  t = await createTestApp({ env: { SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET, SHOPIFY_ADMIN_BASE_URL: fake.baseUrlTemplate } });
  s = await demoSessions(t);
  expect(
    (
      await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '5' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  const variantOf = async (productId: string) =>
    (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0].id;
  ebook = await variantOf(
    await saveProduct(t, s.admin, {
      title: 'Cook book (PDF)',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      variants: [{ price: '10.00', stock: 0, sku: 'EBOOK-1', requiresShipping: false }],
    }),
  );
  mug = await variantOf(
    await saveProduct(t, s.admin, {
      title: 'Blue mug',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      variants: [{ price: '20.00', stock: 0, sku: 'MUG-1' }],
    }),
  );
  const encryption = await getEncryption(t.db);
  await t.db
    .insert(platformInstallations)
    .values({ shop: SHOP, storeId: 'demo', kind: 'marketplace', accessTokenEnc: encryption.encrypt(TOKEN, SHOP) });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const autoFulfillDigital = async (enabled: boolean) =>
  expect(
    (await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { features: { autoFulfillDigital: { enabled } } } }))
      .statusCode,
  ).toBe(200);

/** What Vendor One sees of its part of an order: its state and each line's fulfilled quantity by SKU. */
async function seen(orderId: string) {
  const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
  const order = (await caller(t, s.vendor1)('GET', `/api/orders/${part.id}`)).json().order;
  return {
    fulfillment: order.fulfillment,
    lines: Object.fromEntries((order.lines as { sku: string; fulfilledQuantity: number }[]).map((l) => [l.sku, l.fulfilledQuantity])),
    shipments: (order.fulfillments as unknown[]).length,
  };
}

async function checkout(lines: { variantId: string; quantity: number }[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'ann@buyer.example',
      address: { name: 'Ann', street1: '1 St', city: 'Utrecht', zip: '3511', country: 'NL' },
      lines,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function platformOrder(id: number) {
  const raw = JSON.stringify({
    id,
    name: `#${id}`,
    email: 'jon@buyer.example',
    currency: 'USD',
    line_items: [
      { id: id * 10 + 1, sku: 'EBOOK-1', vendor: 'Vendor One', title: 'Cook book (PDF)', quantity: 1, price: '10.00' },
      { id: id * 10 + 2, sku: 'MUG-1', vendor: 'Vendor One', title: 'Blue mug', quantity: 1, price: '20.00' },
    ],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/shopify',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': SHOP,
      'x-shopify-event-id': `evt-${id}`,
      'x-shopify-hmac-sha256': webhookHmac(SECRET, raw),
    },
    payload: raw,
  });
  expect(res.statusCode).toBe(200);
  await t.ctx.jobs.drain();
  return (
    await t.db
      .select()
      .from(orders)
      .where(eq(orders.platformOrderId, String(id)))
  )[0].id;
}

describe('autoFulfillDigital', () => {
  it('fulfils the lines that need no shipping as a checkout order arrives, only while the store has it on', async () => {
    await autoFulfillDigital(false);
    const before = await checkout([{ variantId: ebook, quantity: 2 }]);
    expect(before.shipping).toBe('0.00');
    expect(await seen(before.orderId)).toEqual({ fulfillment: 'unfulfilled', lines: { 'EBOOK-1': 0 }, shipments: 0 });

    await autoFulfillDigital(true);
    const digital = await checkout([{ variantId: ebook, quantity: 2 }]);
    expect(await seen(digital.orderId)).toEqual({ fulfillment: 'fulfilled', lines: { 'EBOOK-1': 2 }, shipments: 1 });
    // With a product to ship, that one waits for the vendor.
    const mixed = await checkout([
      { variantId: ebook, quantity: 1 },
      { variantId: mug, quantity: 1 },
    ]);
    expect(mixed.shipping).toBe('5.00');
    expect(await seen(mixed.orderId)).toEqual({ fulfillment: 'partial', lines: { 'EBOOK-1': 1, 'MUG-1': 0 }, shipments: 1 });
  });

  it('fulfils them in an order from the platform too, and sends that shipment to the platform', async () => {
    await autoFulfillDigital(true);
    fake.addOrder('gid://shopify/Order/7001', [
      { id: 'gid://shopify/LineItem/70011', quantity: 1 },
      { id: 'gid://shopify/LineItem/70012', quantity: 1 },
    ]);
    const orderId = await platformOrder(7001);
    expect(await seen(orderId)).toEqual({ fulfillment: 'partial', lines: { 'EBOOK-1': 1, 'MUG-1': 0 }, shipments: 1 });
    expect(fake.fulfillments).toEqual([
      expect.objectContaining({ orderId: 'gid://shopify/Order/7001', lineItems: [expect.objectContaining({ quantity: 1 })] }),
    ]);
  });
});
