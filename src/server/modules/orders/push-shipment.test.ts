import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { orders, platformInstallations, vendorOrders } from '#server/db/schema/index';
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

beforeAll(async () => {
  fake = await startFakeAdminGraphql({ tokens: { [SHOP]: TOKEN } });
  t = await createTestApp({ env: { SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET, SHOPIFY_ADMIN_BASE_URL: fake.baseUrlTemplate } });
  s = await demoSessions(t);
  await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 3, sku: 'MUG-1' }],
  });
  const encryption = await getEncryption(t.db);
  await t.db
    .insert(platformInstallations)
    .values({ shop: SHOP, storeId: 'demo', kind: 'marketplace', accessTokenEnc: encryption.encrypt(TOKEN, SHOP) });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function platformOrder(id: number) {
  const raw = JSON.stringify({
    id,
    name: `#${id}`,
    email: 'jon@buyer.example',
    currency: 'USD',
    created_at: '2026-11-20T10:00:00Z',
    shipping_address: { first_name: 'Jon', last_name: 'Buyer', address1: '1 Main St', city: 'Utrecht', zip: '3511', country_code: 'NL' },
    line_items: [{ id: id * 10 + 1, sku: 'MUG-1', vendor: 'Vendor One', title: 'Blue mug', quantity: 2, price: '20.00' }],
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
  const [order] = await t.db
    .select()
    .from(orders)
    .where(eq(orders.platformOrderId, String(id)));
  const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, order.id));
  return part;
}

describe('shipments of platform orders reach the platform', () => {
  it('sends fulfillmentCreate with the tracking by a job; a failure shows on the order and is retried', async () => {
    const part = await platformOrder(5001);
    const vendor = caller(t, s.vendor1);
    const [line] = (await vendor('GET', `/api/orders/${part.id}`)).json().order.lines;
    const shipped = await vendor('POST', `/api/orders/${part.id}/fulfill`, {
      carrier: 'PostNL',
      tracking: '3STEST123',
      url: 'https://track.example/3STEST123',
      lineItems: [{ id: line.id, quantity: 2 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const shipmentId = shipped.json().fulfillment.id;
    expect((await vendor('GET', `/api/orders/${part.id}`)).json().order.fulfillments[0].platformSync).toEqual({
      state: 'pending',
      error: '',
      attempts: 0,
    });

    // The platform does not know the order yet: the attempt fails and the order page says why.
    await t.ctx.jobs.drain();
    const failed = (await vendor('GET', `/api/orders/${part.id}`)).json().order.fulfillments[0].platformSync;
    expect(failed).toEqual({ state: 'failed', error: 'The order is not on the storefront platform', attempts: 1 });
    expect(fake.fulfillments).toHaveLength(0);

    // Another vendor cannot retry it; the order's vendor can.
    expect((await caller(t, s.vendor2)('POST', `/api/orders/${part.id}/shipments/${shipmentId}/push`)).statusCode).toBe(404);
    fake.addOrder('gid://shopify/Order/5001', [{ id: 'gid://shopify/LineItem/50011', quantity: 2 }]);
    const retried = await vendor('POST', `/api/orders/${part.id}/shipments/${shipmentId}/push`);
    expect(retried.statusCode, retried.body).toBe(200);
    await t.ctx.jobs.drain();
    expect((await vendor('GET', `/api/orders/${part.id}`)).json().order.fulfillments[0].platformSync).toMatchObject({
      state: 'synced',
      error: '',
    });
    expect(fake.fulfillments).toEqual([
      expect.objectContaining({
        orderId: 'gid://shopify/Order/5001',
        trackingInfo: { number: '3STEST123', url: 'https://track.example/3STEST123', company: 'PostNL' },
        lineItems: [expect.objectContaining({ quantity: 2 })],
      }),
    ]);
    expect((await vendor('POST', `/api/orders/${part.id}/shipments/${shipmentId}/push`)).json().message).toBe(
      'This shipment is already on the storefront platform',
    );
  });
});
