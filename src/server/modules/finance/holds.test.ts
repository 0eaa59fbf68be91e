import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { productVariants, vendorOrders } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { checkoutOne, markPaid, shipAll } from '../../../../test/support/orders.ts';

const DAY_MS = 86_400_000;
let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let clock = Date.now();
let variantId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  s = await demoSessions(t);
  const mug = await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 50, sku: 'MUG-1', requiresShipping: false }],
  });
  [{ id: variantId }] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, mug));
  const patched = await caller(t, s.admin)('PATCH', '/api/app/info/features', {
    features: { payments: { holdingDays: 14, minimumPayout: 30 } },
  });
  expect(patched.statusCode, patched.body).toBe(200);
});
afterAll(() => t.close());

/** A built-in order of one mug: 20.00 less 2.00 commission, 18.00 owed to Vendor One once paid. */
async function order() {
  const { orderId, name } = await checkoutOne(t, variantId);
  const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
  return { orderId, name, part };
}

describe('holds: a vendor order is payable once paid, fulfilled and past the holding days, and above the minimum', () => {
  it('holds, then pays, and shows each order its expected payout date and the vendor its three figures', async () => {
    const shippedAt = clock;
    const held = await order();
    await markPaid(t, s.admin, held.orderId);
    await shipAll(t, s.admin, held.orderId);
    const unshipped = await order();
    await markPaid(t, s.admin, unshipped.orderId);
    const unpaid = await order();
    await shipAll(t, s.admin, unpaid.orderId);

    const admin = caller(t, s.admin);
    expect((await admin('GET', '/api/payment/payable')).json()).toEqual({ orders: [], capped: false });
    const listed = (await caller(t, s.vendor1)('GET', '/api/orders')).json().orders as {
      id: string;
      paymentStatus: string;
      expectedPayoutAt: string | null;
    }[];
    const row = (id: string) => listed.find((o) => o.id === id);
    expect(row(held.part.id)).toMatchObject({ paymentStatus: 'paid', expectedPayoutAt: new Date(shippedAt + 14 * DAY_MS).toISOString() });
    expect(row(unshipped.part.id)).toMatchObject({ paymentStatus: 'paid', expectedPayoutAt: null });
    expect(row(unpaid.part.id)).toMatchObject({ paymentStatus: 'pending', expectedPayoutAt: null });
    expect((await caller(t, s.vendor1)('GET', `/api/orders/${held.part.id}`)).json().order.expectedPayoutAt).toBe(
      new Date(shippedAt + 14 * DAY_MS).toISOString(),
    );

    // The unpaid order is in none of the figures; the paid ones are held.
    expect((await caller(t, s.vendor1)('GET', '/api/payouts/summary')).json()).toEqual({
      figures: [
        {
          vendor: 'Vendor One',
          currency: 'USD',
          available: '0.00',
          pending: '36.00',
          pendingUntil: new Date(shippedAt + 14 * DAY_MS).toISOString(),
          paid: '0.00',
          reachesMinimum: false,
        },
      ],
    });
    // Held orders cannot be paid, whatever the admin sends.
    expect(
      (await admin('POST', '/api/payment/v3/prepare', { payoutLines: [{ orderName: held.name, vendor: 'Vendor One' }] })).json()
        .allocations,
    ).toEqual([]);

    clock += 15 * DAY_MS;
    s = await demoSessions(t);
    const later = caller(t, s.admin);
    expect((await later('GET', '/api/payment/payable')).json()).toEqual({
      orders: [
        {
          vendor: 'Vendor One',
          orderName: held.name,
          currency: 'USD',
          amount: '18.00',
          payableSince: new Date(shippedAt + 14 * DAY_MS).toISOString(),
        },
      ],
      capped: false,
    });
    expect((await caller(t, s.vendor1)('GET', '/api/payouts/summary')).json().figures[0]).toMatchObject({
      available: '18.00',
      pending: '18.00',
      pendingUntil: null,
      reachesMinimum: false,
    });

    // Below the minimum payout (30.00) it is not paid.
    const lines = [{ orderName: held.name, vendor: 'Vendor One' }];
    expect((await later('POST', '/api/payment/v3/prepare', { payoutLines: lines })).json().allocations).toEqual([
      expect.objectContaining({ amount: '18.00', payable: false }),
    ]);
    expect((await later('POST', '/api/payment/v3/pay', { payoutLines: lines })).json().results).toEqual([
      expect.objectContaining({ status: 'failed', message: 'Below the minimum payout' }),
    ]);

    expect((await later('PATCH', '/api/app/info/features', { features: { payments: { minimumPayout: 10 } } })).statusCode).toBe(200);
    expect(
      (await later('POST', '/api/payment/v3/pay', { payoutLines: [...lines, { orderName: unshipped.name, vendor: 'Vendor One' }] })).json()
        .results,
    ).toEqual([expect.objectContaining({ status: 'paid', amount: '18.00' })]);
    expect((await caller(t, s.vendor1)('GET', '/api/payouts/summary')).json().figures[0]).toMatchObject({
      available: '0.00',
      pending: '18.00',
      paid: '18.00',
    });
    expect((await caller(t, s.vendor1)('GET', `/api/orders/${held.part.id}`)).json().order).toMatchObject({
      payout: 'paid',
      expectedPayoutAt: null,
    });
    expect((await caller(t, s.vendor1)('GET', '/api/payment/payable')).statusCode).toBe(403);
  });
});
