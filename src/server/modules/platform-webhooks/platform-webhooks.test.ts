import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { jobs, orderLines, orders, platformInstallations, vendorOrders } from '#server/db/schema/index';
import { webhookHmac } from '#server/adapters/storefront/shopify/index';
import { demoSessions } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

const SECRET = 'hush';
const SHOP = 'demo-shop.myshopify.com';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET } });
  const s = await demoSessions(t);
  await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 3, trackStock: true, sku: 'MUG-1' }],
  });
  await t.db.insert(platformInstallations).values({ shop: SHOP, storeId: 'demo', accessTokenEnc: 'not-used-here' });
});
afterAll(() => t.close());

function deliver(topic: string, body: unknown, options: { eventId?: string; signature?: string; shop?: string } = {}) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/shopify',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': options.shop ?? SHOP,
      'x-shopify-event-id': options.eventId ?? `event-${Math.random()}`,
      'x-shopify-hmac-sha256': options.signature ?? webhookHmac(SECRET, raw),
    },
    payload: raw,
  });
}

const platformOrder = {
  id: 820982911946154500,
  name: '#9001',
  email: 'jon@buyer.example',
  currency: 'USD',
  created_at: '2026-11-20T10:00:00Z',
  customer: { first_name: 'Jon', last_name: 'Buyer', email: 'jon@buyer.example' },
  shipping_address: { first_name: 'Jon', last_name: 'Buyer', address1: '1 Main St', city: 'Utrecht', zip: '3511', country_code: 'NL' },
  line_items: [
    {
      id: 1,
      sku: 'MUG-1',
      vendor: 'Vendor One',
      title: 'Blue mug',
      quantity: 1,
      price: '20.00',
      total_discount: '2.00',
      tax_lines: [{ price: '3.78' }],
    },
    { id: 2, sku: 'NOT-OURS', vendor: 'Vendor Two', title: 'Made on the platform', quantity: 2, price: '5.00' },
    { id: 3, sku: 'HOUSE-1', vendor: 'The shop itself', title: 'Gift card', quantity: 1, price: '50.00' },
  ],
  shipping_lines: [{ price: '6.00' }],
};

describe('POST /api/webhooks/shopify', () => {
  it('verifies the signature on the raw body, answers at once and records the order once per event', async () => {
    const res = await deliver('orders/create', platformOrder, { eventId: 'evt-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    // The same event delivered again is one job, hence one effect.
    expect((await deliver('orders/create', platformOrder, { eventId: 'evt-1' })).statusCode).toBe(200);
    await t.ctx.jobs.drain();

    const [order] = await t.db.select().from(orders).where(eq(orders.platformOrderId, '820982911946154500'));
    expect(order).toMatchObject({
      source: 'shopify',
      name: '#9001',
      currency: 'USD',
      customer: { name: 'Jon Buyer', email: 'jon@buyer.example' },
      shipping: 600,
    });
    const parts = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, order.id));
    // The shop's own line is nobody's: two vendor orders, the shipping shared by their goods (18 and 10).
    expect(parts.map((p) => [p.subtotal, p.discount, p.tax, p.shipping]).sort()).toEqual([
      [1000, 0, 0, 214],
      [2000, 200, 378, 386],
    ]);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.find((l) => l.sku === 'MUG-1')).toMatchObject({ commission: 180, variantId: expect.any(String) });
    expect(lines.find((l) => l.sku === 'NOT-OURS')).toMatchObject({ variantId: null, quantity: 2 });

    // A second event for the same order (the platform's retry with a new id) is still one order.
    await deliver('orders/create', platformOrder, { eventId: 'evt-2' });
    await t.ctx.jobs.drain();
    expect(await t.db.select().from(orders).where(eq(orders.platformOrderId, '820982911946154500'))).toHaveLength(1);
  });

  it('refuses a bad signature with 401 and queues nothing; an unconfigured platform is 404', async () => {
    const before = (await t.db.select().from(jobs)).length;
    const forged = await deliver('orders/create', { ...platformOrder, id: 1 }, { signature: webhookHmac('guess', '{}') });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Invalid webhook signature');
    expect(await t.db.select().from(jobs)).toHaveLength(before);

    const other = await createTestApp();
    const res = await other.app.inject({
      method: 'POST',
      url: '/api/webhooks/shopify',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    await other.close();
  });

  it('ignores topics it does not handle and shops it does not know', async () => {
    expect((await deliver('products/update', { id: 1 })).json()).toEqual({ received: false });
    await deliver('orders/create', { ...platformOrder, id: 42 }, { shop: 'stranger.myshopify.com' });
    await t.ctx.jobs.drain();
    expect(await t.db.select().from(orders).where(eq(orders.platformOrderId, '42'))).toEqual([]);
  });

  it('redacts a customer on customers/redact and forgets the shop on shop/redact', async () => {
    await deliver('customers/redact', { shop_domain: SHOP, customer: { id: 1, email: 'JON@buyer.example' }, orders_to_redact: [] });
    await t.ctx.jobs.drain();
    const [order] = await t.db.select().from(orders).where(eq(orders.platformOrderId, '820982911946154500'));
    expect(order).toMatchObject({ customer: { name: '', email: '', phone: '' }, shippingAddress: null });

    await deliver('shop/redact', { shop_domain: SHOP });
    await t.ctx.jobs.drain();
    expect(await t.db.select().from(platformInstallations).where(eq(platformInstallations.shop, SHOP))).toEqual([]);
  });
});
