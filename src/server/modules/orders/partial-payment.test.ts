import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { webhookHmac } from '#server/adapters/storefront/shopify/index';
import { ledgerEntries, orders, platformInstallations } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { payAtOnce, shipAll } from '../../../../test/support/orders.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
const SECRET = 'hush';
const SHOP = 'partial-shop.myshopify.com';

/** A Shopify webhook as Shopify sends it: the whole order as JSON, signed with the app's secret. */
function deliver(topic: string, body: unknown) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/shopify',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': SHOP,
      'x-shopify-api-version': '2025-07',
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-event-id': randomUUID(),
      'x-shopify-hmac-sha256': webhookHmac(SECRET, raw),
    },
    payload: raw,
  });
}

/** The fields of Shopify's order payload we read, for a deposit of 15.00 on a 40.00 order of two mugs. */
const shopifyOrder = (financialStatus: string, outstanding: string) => ({
  id: 820982911946154,
  admin_graphql_api_id: 'gid://shopify/Order/820982911946154',
  name: '#1101',
  email: 'bob.norman@mail.example.com',
  currency: 'USD',
  created_at: '2026-11-20T10:00:00-05:00',
  processed_at: '2026-11-20T10:00:00-05:00',
  financial_status: financialStatus,
  total_price: '40.00',
  total_outstanding: outstanding,
  line_items: [
    {
      id: 466157049,
      product_id: 632910392,
      variant_id: 39072856,
      sku: 'DEPOSIT-MUG',
      title: 'Deposit mug',
      quantity: 2,
      price: '20.00',
      vendor: 'Vendor One',
      fulfillable_quantity: 2,
    },
  ],
  shipping_address: {
    first_name: 'Bob',
    last_name: 'Norman',
    address1: 'Chestnut Street 92',
    city: 'Louisville',
    zip: '40202',
    province_code: 'KY',
    country_code: 'US',
  },
});

beforeAll(async () => {
  t = await createTestApp({ env: { SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET } });
  s = await demoSessions(t);
  await payAtOnce(t, s.admin);
  await saveProduct(t, s.admin, {
    title: 'Deposit mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 10, sku: 'DEPOSIT-MUG' }],
  });
  await t.db.insert(platformInstallations).values({ shop: SHOP, storeId: 'demo', accessTokenEnc: 'not-used-here' });
});
afterAll(() => t.close());

describe('a platform order paid in part', () => {
  it('is held whole until Shopify says it is paid: no vendor money, not payable even when shipped; then paid as any order', async () => {
    const admin = caller(t, s.admin);
    expect((await deliver('orders/create', shopifyOrder('partially_paid', '25.00'))).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    const [order] = await t.db.select().from(orders).where(eq(orders.platformOrderId, '820982911946154'));
    expect(order.paymentStatus).toBe('partially_paid');
    await shipAll(t, s.admin, order.id);
    const entries = () =>
      t.db
        .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, order.id));
    expect(await entries()).toEqual([]);
    const payable = async () =>
      ((await admin('GET', '/api/payment/payable?vendor=Vendor%20One')).json().orders as { orderName: string }[]).map((o) => o.orderName);
    expect(await payable()).not.toContain('#1101');
    expect(
      (await admin('POST', '/api/payment/v3/prepare', { payoutLines: [{ orderName: '#1101', vendor: 'Vendor One' }] })).json().allocations,
    ).toEqual([]);
    expect((await admin('POST', '/api/payment/trigger-automated')).json()).toMatchObject({ paid: 0 });

    // The rest arrives: Shopify sends orders/paid (and orders/updated) with the order paid in full.
    expect((await deliver('orders/paid', shopifyOrder('paid', '0.00'))).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].paymentStatus).toBe('paid');
    expect((await entries()).map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['commission', -400],
      ['sale', 4000],
    ]);
    expect(await payable()).toContain('#1101');
    // A late orders/updated still saying partially_paid changes nothing.
    await deliver('orders/updated', shopifyOrder('partially_paid', '25.00'));
    await t.ctx.jobs.drain();
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].paymentStatus).toBe('paid');
    expect(await entries()).toHaveLength(2);
  });
});
