import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { webhookHmac } from '#server/adapters/storefront/shopify/index';
import { ledgerEntries, orderLines, platformInstallations, productVariants, vendorOrders, vendors } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { markPaid } from '../../../../test/support/orders.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mug: string;
let lamp: string;
const SECRET = 'hush';
const SHOP = 'ledger-shop.myshopify.com';

const variantOf = async (productId: string) =>
  (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0];
const address = { name: 'Alex Buyer', street1: '12 Canal Street', city: 'Amsterdam', zip: '1012 AB', country: 'NL' };
const placeUnpaid = async (lines: { variantId: string; quantity: number }[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: { store: 'demo', checkoutId: randomUUID(), email: 'alex@buyer.example', address, lines, paymentMethod: 'bank_transfer' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orderId as string;
};
/** A built-in order whose bank transfer arrived (an admin marked it paid). */
const checkout = async (lines: { variantId: string; quantity: number }[]) => {
  const orderId = await placeUnpaid(lines);
  await markPaid(t, s.admin, orderId);
  return orderId;
};
const partsOf = (orderId: string) => t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
const entriesOf = (orderId: string) => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
const vendorId = async (name: string) => (await t.db.select().from(vendors).where(eq(vendors.name, name)))[0].id;
async function balanceOf(vendor: string) {
  const [row] = await t.db
    .select({ b: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.inPayout}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.vendorId, await vendorId(vendor)));
  return Number(row.b);
}

function deliver(topic: string, body: unknown) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/shopify',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': SHOP,
      'x-shopify-event-id': randomUUID(),
      'x-shopify-hmac-sha256': webhookHmac(SECRET, raw),
    },
    payload: raw,
  });
}

beforeAll(async () => {
  t = await createTestApp({ env: { SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET } });
  s = await demoSessions(t);
  const admin = caller(t, s.admin);
  expect(
    (
      await admin('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '5' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  mug = await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 10, trackStock: true, sku: 'MUG-1' }],
  });
  lamp = await saveProduct(t, s.admin, {
    title: 'Brass lamp',
    vendor: 'Vendor Two',
    status: 'ACTIVE',
    variants: [{ price: '100.00', stock: 10, trackStock: true, sku: 'LAMP-1' }],
  });
  await t.db.insert(platformInstallations).values({ shop: SHOP, storeId: 'demo', accessTokenEnc: 'not-used-here' });
});
afterAll(() => t.close());

describe('the ledger', () => {
  it('takes nothing of an unpaid order: the checkout leaves it pending, an admin marking it paid writes its entries once', async () => {
    const variant = await variantOf(mug);
    const before = await balanceOf('Vendor One');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      payload: {
        store: 'demo',
        checkoutId: randomUUID(),
        email: 'alex@buyer.example',
        address,
        lines: [{ variantId: variant.id, quantity: 1 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // No card key: the store's first manual method, with its instructions for the buyer.
    expect(res.json()).toMatchObject({
      paymentStatus: 'pending',
      paymentMethod: 'bank_transfer',
      paymentUrl: null,
      paymentInstructions: expect.stringContaining('quoting your order number'),
    });
    const { orderId } = res.json();
    expect(await entriesOf(orderId)).toEqual([]);
    expect(await balanceOf('Vendor One')).toBe(before);
    // The stock is reserved all the same.
    expect((await variantOf(mug)).stock).toBe(variant.stock - 1);
    const [part] = await partsOf(orderId);
    const vendorView = (await caller(t, s.vendor1)('GET', `/api/orders/${part.id}`)).json();
    expect(vendorView.order).toMatchObject({ paymentStatus: 'pending' });
    expect((await caller(t, s.vendor1)('GET', '/api/orders')).json().orders.find((o: { id: string }) => o.id === part.id)).toMatchObject({
      paymentStatus: 'pending',
    });
    // An unpaid order is cancelled, not refunded.
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(
      (await caller(t, s.admin)('POST', `/api/orders/${part.id}/refunds`, { lines: [{ id: line.id, quantity: 1 }] })).json(),
    ).toMatchObject({ message: 'This order is not paid: cancel it instead' });

    // Only an admin marks it paid; twice is one payment.
    expect((await caller(t, s.vendor1)('POST', `/api/orders/${part.id}/mark-paid`)).statusCode).toBe(403);
    const paid = await caller(t, s.admin)('POST', `/api/orders/${part.id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ orderId, paymentStatus: 'paid' });
    const again = await caller(t, s.admin)('POST', `/api/orders/${part.id}/mark-paid`);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This order is already paid']);
    const entries = await entriesOf(orderId);
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['commission', -200],
      ['sale', 2000],
      ['shipping', 500],
    ]);
    expect(await balanceOf('Vendor One')).toBe(before + 2300);
    expect((await caller(t, s.vendor1)('GET', `/api/orders/${part.id}`)).json().order).toMatchObject({ paymentStatus: 'paid' });
  });

  it('an unpaid order cancelled is voided, its stock back and nothing in the ledger; it cannot be marked paid after', async () => {
    const variant = await variantOf(mug);
    const orderId = await placeUnpaid([{ variantId: variant.id, quantity: 2 }]);
    const [part] = await partsOf(orderId);
    expect((await caller(t, s.admin)('POST', `/api/orders/${part.id}/cancel`)).statusCode).toBe(200);
    expect((await variantOf(mug)).stock).toBe(variant.stock);
    expect(
      (await t.db.execute<{ payment_status: string }>(sql`select payment_status from orders where id = ${orderId}`)) as unknown as {
        rows: { payment_status: string }[];
      },
    ).toMatchObject({ rows: [{ payment_status: 'voided' }] });
    expect((await caller(t, s.admin)('POST', `/api/orders/${part.id}/mark-paid`)).statusCode).toBe(409);
    expect(await entriesOf(orderId)).toEqual([]);
  });

  it('counts a platform order from its financial_status: pending writes nothing, orders/paid writes its entries once, partly paid is held', async () => {
    const order = {
      id: 5550099,
      name: '#Q99',
      currency: 'USD',
      financial_status: 'pending',
      line_items: [{ id: 91, sku: 'MUG-1', vendor: 'Vendor One', title: 'Blue mug', quantity: 1, price: '20.00' }],
    };
    await deliver('orders/create', order);
    await t.ctx.jobs.drain();
    const idOf = async (platformId: string) =>
      (
        (await t.db.execute<{ id: string; payment_status: string }>(
          sql`select id, payment_status from orders where platform_order_id = ${platformId}`,
        )) as unknown as { rows: { id: string; payment_status: string }[] }
      ).rows[0];
    const pending = await idOf('5550099');
    expect(pending.payment_status).toBe('pending');
    expect(await entriesOf(pending.id)).toEqual([]);
    await deliver('orders/updated', { ...order, financial_status: 'partially_paid' });
    await t.ctx.jobs.drain();
    expect((await idOf('5550099')).payment_status).toBe('partially_paid');
    expect(await entriesOf(pending.id)).toEqual([]);
    await deliver('orders/paid', { ...order, financial_status: 'paid', processed_at: '2026-11-01T10:00:00Z' });
    await deliver('orders/updated', { ...order, financial_status: 'paid' });
    await t.ctx.jobs.drain();
    expect((await idOf('5550099')).payment_status).toBe('paid');
    const entries = await entriesOf(pending.id);
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['commission', -200],
      ['sale', 2000],
    ]);
    // An order that first reaches us paid (orders/paid before orders/create) is recorded paid.
    await deliver('orders/paid', { ...order, id: 5550100, name: '#Q100', financial_status: 'paid' });
    await t.ctx.jobs.drain();
    const late = await idOf('5550100');
    expect(late.payment_status).toBe('paid');
    expect((await entriesOf(late.id)).length).toBe(2);
  });

  it("records a paid order's sale, commission and shipping per vendor, and refuses to be rewritten", async () => {
    const before = await balanceOf('Vendor One');
    const orderId = await checkout([{ variantId: (await variantOf(mug)).id, quantity: 2 }]);
    const entries = await entriesOf(orderId);
    // 2 × 20.00, 10 % commission, the marketplace's 5.00 shipping (in the payout by default).
    expect(entries.map((e) => [e.kind, e.amount, e.inPayout]).sort()).toEqual([
      ['commission', -400, true],
      ['sale', 4000, true],
      ['shipping', 500, true],
    ]);
    expect(await balanceOf('Vendor One')).toBe(before + 4100);

    await expect(t.db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.id, entries[0].id))).rejects.toThrow();
    await expect(t.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entries[0].id))).rejects.toThrow();
    expect(await entriesOf(orderId)).toHaveLength(3);
  });

  it('an admin refunds units and shipping of a built-in order: stock back, refund entries, nothing more than is left', async () => {
    const before = (await variantOf(mug)).stock;
    const orderId = await checkout([{ variantId: (await variantOf(mug)).id, quantity: 3 }]);
    const [part] = await partsOf(orderId);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const admin = caller(t, s.admin);
    const balance = await balanceOf('Vendor One');

    expect(
      (await caller(t, s.vendor1)('POST', `/api/orders/${part.id}/refunds`, { lines: [{ id: line.id, quantity: 1 }] })).statusCode,
    ).toBe(403);
    const refund = await admin('POST', `/api/orders/${part.id}/refunds`, { lines: [{ id: line.id, quantity: 1 }], shipping: '2.50' });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json()).toMatchObject({ amount: '22.50', currency: 'USD' });
    expect((await variantOf(mug)).stock).toBe(before - 2);
    // 20.00 back to the buyer, 2.00 of commission back to the vendor, 2.50 shipping.
    expect(await balanceOf('Vendor One')).toBe(balance - 2000 + 200 - 250);

    const tooMany = await admin('POST', `/api/orders/${part.id}/refunds`, { lines: [{ id: line.id, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ message: 'More than is left to refund' });
    expect((await admin('POST', `/api/orders/${part.id}/refunds`, { shipping: '2.51' })).json()).toMatchObject({
      message: 'More than is left to refund',
    });
    expect((await admin('POST', `/api/orders/${part.id}/refunds`, { shipping: '1.001' })).statusCode).toBe(400);
    expect((await admin('POST', `/api/orders/${part.id}/refunds`, {})).json()).toMatchObject({ message: 'Choose what to refund' });

    // The rest of the units: the part is cancelled, the goods and commission net to zero.
    expect((await admin('POST', `/api/orders/${part.id}/refunds`, { lines: [{ id: line.id, quantity: 2 }] })).statusCode).toBe(201);
    expect((await partsOf(orderId))[0].fulfillment).toBe('cancelled');
    const sums = await entriesOf(orderId);
    const sum = (kinds: string[]) => sums.filter((e) => kinds.includes(e.kind)).reduce((a, e) => a + e.amount, 0);
    expect(sum(['sale', 'refund'])).toBe(0);
    expect(sum(['commission'])).toBe(0);
    expect(sum(['shipping'])).toBe(250);
  });

  it('an admin cancels a built-in order: every vendor part cancelled, stock back, entries reversed to zero; twice is a 409', async () => {
    const stock = [(await variantOf(mug)).stock, (await variantOf(lamp)).stock];
    const orderId = await checkout([
      { variantId: (await variantOf(mug)).id, quantity: 1 },
      { variantId: (await variantOf(lamp)).id, quantity: 2 },
    ]);
    const parts = await partsOf(orderId);
    const admin = caller(t, s.admin);
    const res = await admin('POST', `/api/orders/${parts[0].id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await partsOf(orderId)).map((p) => p.fulfillment)).toEqual(['cancelled', 'cancelled']);
    expect([(await variantOf(mug)).stock, (await variantOf(lamp)).stock]).toEqual(stock);
    const entries = await entriesOf(orderId);
    expect(entries.reduce((a, e) => a + e.amount, 0)).toBe(0);
    expect(entries.filter((e) => e.reversesEntryId)).toHaveLength(entries.length / 2);
    expect((await admin('POST', `/api/orders/${parts[0].id}/cancel`)).json()).toMatchObject({ message: 'This order is cancelled' });
  });

  it('refuses to cancel a shipped order', async () => {
    const orderId = await checkout([{ variantId: (await variantOf(mug)).id, quantity: 1 }]);
    const [part] = await partsOf(orderId);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(
      (await caller(t, s.vendor1)('POST', `/api/orders/${part.id}/fulfill`, { lineItems: [{ id: line.id, quantity: 1 }] })).statusCode,
    ).toBe(200);
    expect((await caller(t, s.admin)('POST', `/api/orders/${part.id}/cancel`)).json()).toMatchObject({
      message: 'A shipped order cannot be cancelled: refund it instead',
    });
  });

  it("takes the platform's refunds/create and orders/cancelled: one effect each, a refund after cancelling writes nothing", async () => {
    const order = {
      id: 5550001,
      name: '#P1',
      currency: 'USD',
      financial_status: 'paid',
      line_items: [
        {
          id: 11,
          sku: 'MUG-1',
          vendor: 'Vendor One',
          title: 'Blue mug',
          quantity: 2,
          price: '20.00',
          total_discount: '4.00',
          tax_lines: [{ price: '3.00' }],
        },
        { id: 12, sku: 'LAMP-1', vendor: 'Vendor Two', title: 'Brass lamp', quantity: 1, price: '100.00' },
      ],
      shipping_lines: [{ price: '6.00' }],
    };
    await deliver('orders/create', order);
    await t.ctx.jobs.drain();
    const [{ id: orderId }] = await t.db
      .execute<{ id: string }>(sql`select id from orders where platform_order_id = '5550001'`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    const refund = {
      id: 9001,
      order_id: 5550001,
      refund_line_items: [{ line_item_id: 11, quantity: 1, restock_type: 'return' }],
      order_adjustments: [{ kind: 'shipping_refund', amount: '-1.00' }],
    };
    await deliver('refunds/create', refund);
    await deliver('refunds/create', refund);
    await t.ctx.jobs.drain();
    const refunds = (await entriesOf(orderId)).filter((e) => e.refundId);
    // One unit of two: half the goods, discount, tax and commission; the shipping refund shared by what is left of each part's shipping.
    expect(refunds.filter((e) => e.kind === 'refund').map((e) => e.amount)).toEqual([-2000]);
    expect(refunds.filter((e) => e.kind === 'shipping').reduce((a, e) => a + e.amount, 0)).toBe(-100);

    await deliver('orders/cancelled', { id: 5550001, cancelled_at: '2026-11-23T10:00:00Z', cancel_reason: 'customer' });
    await t.ctx.jobs.drain();
    expect((await entriesOf(orderId)).reduce((a, e) => a + e.amount, 0)).toBe(0);
    await deliver('refunds/create', { ...refund, id: 9002 });
    await t.ctx.jobs.drain();
    expect((await entriesOf(orderId)).reduce((a, e) => a + e.amount, 0)).toBe(0);
    expect((await partsOf(orderId)).every((p) => p.fulfillment === 'cancelled')).toBe(true);
    // The platform's orders are cancelled and refunded on the platform.
    const [part] = await partsOf(orderId);
    expect((await caller(t, s.admin)('POST', `/api/orders/${part.id}/refunds`, { shipping: '1.00' })).json()).toMatchObject({
      message: 'Cancel or refund this order on the storefront platform',
    });
  });
});

describe('GET /api/transactions', () => {
  it('vendors see their own entries only; admins all or one vendor; filters and pages', async () => {
    const one = await caller(t, s.vendor1)('GET', '/api/transactions?period=all');
    expect(one.statusCode, one.body).toBe(200);
    const body = one.json();
    expect(body.transactions.length).toBeGreaterThan(0);
    expect(new Set(body.transactions.map((x: { vendor: string }) => x.vendor))).toEqual(new Set(['Vendor One']));
    // Asking for another vendor changes nothing for a vendor.
    const asked = (await caller(t, s.vendor1)('GET', '/api/transactions?period=all&requestedVendor=Vendor%20Two')).json();
    expect(asked.count).toBe(body.count);
    expect(body.aggs[0]).toMatchObject({ currency: 'USD', balance: expect.any(String) });
    expect(Number(body.aggs[0].balance) * 100).toBeCloseTo(await balanceOf('Vendor One'));
    expect(body.firstTransactionAt).toEqual(expect.any(String));

    const admin = caller(t, s.admin);
    const all = (await admin('GET', '/api/transactions?period=all')).json();
    expect(new Set(all.transactions.map((x: { vendor: string }) => x.vendor))).toEqual(new Set(['Vendor One', 'Vendor Two']));
    const two = (await admin('GET', '/api/transactions?period=all&requestedVendor=Vendor%20Two')).json();
    expect(two.count).toBeGreaterThan(0);
    expect(two.transactions.every((x: { vendor: string }) => x.vendor === 'Vendor Two')).toBe(true);
    expect(all.count).toBe(body.count + two.count);
    expect((await admin('GET', '/api/transactions?requestedVendor=Nobody')).statusCode).toBe(404);

    const sales = (await admin('GET', '/api/transactions?period=all&payment=sale')).json();
    expect(sales.transactions.every((x: { kind: string }) => x.kind === 'sale')).toBe(true);
    const search = (await admin('GET', '/api/transactions?period=all&q=P1')).json();
    expect(search.count).toBeGreaterThan(0);
    expect(search.transactions.every((x: { orderName: string }) => x.orderName === '#P1')).toBe(true);
    const due = (await admin('GET', '/api/transactions?period=all&payout=due')).json();
    expect(due.count).toBe(all.count);
    expect((await admin('GET', '/api/transactions?period=all&payout=paid')).json().count).toBe(0);
    expect((await admin('GET', '/api/transactions?from=2000-01-01&to=2000-01-02')).json()).toMatchObject({
      count: 0,
      transactions: [],
      pageCount: 1,
    });

    const page2 = (await admin('GET', '/api/transactions?period=all&page=2')).json();
    expect(all.pageCount).toBe(Math.ceil(all.count / 25));
    if (all.count > 25) expect(page2.transactions[0].id).not.toBe(all.transactions[0].id);
    expect(all.transactions.length).toBe(Math.min(25, all.count));
    expect((await admin('GET', '/api/transactions?page=0')).statusCode).toBe(400);
  });
});
