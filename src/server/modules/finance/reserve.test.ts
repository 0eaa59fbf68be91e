import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { productVariants } from '#server/db/schema/index';
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
    features: { payments: { holdingDays: 14, minimumPayout: 1 } },
  });
  expect(patched.statusCode, patched.body).toBe(200);
});
afterAll(() => t.close());

/** A built-in order of one mug, paid and shipped now: 20.00 less 2.00 commission, 18.00 owed to Vendor One. */
async function shippedOrder() {
  const { orderId, name } = await checkoutOne(t, variantId);
  await markPaid(t, s.admin, orderId);
  await shipAll(t, s.admin, orderId);
  return name;
}

async function later(days: number) {
  clock += days * DAY_MS;
  s = await demoSessions(t);
}

const summary = async () => (await caller(t, s.vendor1)('GET', '/api/payouts/summary')).json().figures[0];

describe("a vendor's reserve", () => {
  it('is set by an admin only, within limits', async () => {
    expect((await caller(t, s.vendor1)('PUT', '/api/payment/reserve', { vendor: 'Vendor One', percentage: 0, days: 0 })).statusCode).toBe(
      403,
    );
    expect((await caller(t, s.vendor1)('GET', '/api/payment/reserve?vendor=Vendor%20One')).statusCode).toBe(403);
    const tooMuch = await caller(t, s.admin)('PUT', '/api/payment/reserve', { vendor: 'Vendor One', percentage: 150, days: 30 });
    expect([tooMuch.statusCode, tooMuch.json().errors]).toEqual([400, [{ path: 'percentage', message: 'Must be between 0 and 100' }]]);
    expect((await caller(t, s.admin)('PUT', '/api/payment/reserve', { vendor: 'Nobody', percentage: 10, days: 30 })).statusCode).toBe(404);
    expect((await caller(t, s.admin)('GET', '/api/payment/reserve?vendor=Vendor%20One')).json()).toEqual({
      vendor: 'Vendor One',
      percentage: 0,
      days: 0,
      since: null,
    });
  });

  it('holds its part of each order the days after the order’s payable date: pending with its day, never paid early', async () => {
    const admin = () => caller(t, s.admin);
    const set = await admin()('PUT', '/api/payment/reserve', { vendor: 'Vendor One', percentage: 25, days: 30 });
    expect(set.json()).toEqual({ vendor: 'Vendor One', percentage: 25, days: 30, since: new Date(clock).toISOString() });

    const shippedAt = clock;
    const first = await shippedOrder();
    await later(15);
    // Past its hold: 13.50 payable now, 4.50 (25 %) pending until 30 days after its payable date.
    const reserveEnds = new Date(shippedAt + 44 * DAY_MS).toISOString();
    expect(await summary()).toMatchObject({ available: '13.50', pending: '4.50', pendingUntil: reserveEnds });
    expect((await admin()('GET', '/api/payment/payable')).json().orders).toEqual([
      expect.objectContaining({ orderName: first, amount: '13.50' }),
    ]);
    const lines = [{ orderName: first, vendor: 'Vendor One' }];
    expect((await admin()('POST', '/api/payment/v3/prepare', { payoutLines: lines })).json().allocations).toEqual([
      expect.objectContaining({ amount: '13.50', payable: true }),
    ]);
    expect((await admin()('POST', '/api/payment/v3/pay', { payoutLines: lines })).json().results).toEqual([
      expect.objectContaining({ status: 'paid', amount: '13.50' }),
    ]);
    expect(await summary()).toMatchObject({ available: '0.00', pending: '4.50', pendingUntil: reserveEnds, paid: '13.50' });

    // Paying the same order again, or the next order, never takes the reserved part along.
    expect((await admin()('POST', '/api/payment/v3/pay', { payoutLines: lines })).json().results).toEqual([]);
    const second = await shippedOrder();
    await later(15);
    const next = [{ orderName: second, vendor: 'Vendor One' }];
    expect((await admin()('POST', '/api/payment/v3/pay', { payoutLines: next })).json().results).toEqual([
      expect.objectContaining({ status: 'paid', amount: '13.50' }),
    ]);
    expect(await summary()).toMatchObject({ available: '0.00', pending: '9.00', pendingUntil: reserveEnds, paid: '27.00' });

    // Its day come, the first order's reserved part is available and goes with the next payment.
    await later(15);
    expect(await summary()).toMatchObject({
      available: '4.50',
      pending: '4.50',
      pendingUntil: new Date(shippedAt + 59 * DAY_MS).toISOString(),
    });
    const third = await shippedOrder();
    await later(15);
    expect(
      (await admin()('POST', '/api/payment/v3/pay', { payoutLines: [{ orderName: third, vendor: 'Vendor One' }] })).json().results,
    ).toEqual([expect.objectContaining({ status: 'paid', amount: '22.50' })]);
    // 0 % lifts the reserve: what it held is available at once.
    expect((await admin()('PUT', '/api/payment/reserve', { vendor: 'Vendor One', percentage: 0, days: 30 })).json().since).toBeNull();
    expect(await summary()).toMatchObject({ available: '4.50', pending: '0.00', pendingUntil: null });
  });
});
