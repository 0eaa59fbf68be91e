import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { ledgerEntries, orderLines, orders, productVariants, vendorOrders } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { markPaid, payAtOnce, shipAll } from '../../../../test/support/orders.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mugVariant: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  await payAtOnce(t, s.admin);
  expect(
    (
      await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  const mug = await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 50, sku: 'MUG-1' }],
  });
  mugVariant = (await t.db.select().from(productVariants).where(eq(productVariants.productId, mug)))[0].id;
});
afterAll(() => t.close());

async function order(quantity: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'a@b.example',
      address: { name: 'A', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
      lines: [{ variantId: mugVariant, quantity }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderId, name } = res.json();
  await markPaid(t, s.admin, orderId);
  await shipAll(t, s.admin, orderId);
  const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
  return { orderId, name: name as string, part };
}

describe('payouts', () => {
  it('pays the chosen lines once even when two admins pay at once, nets a later refund, and a manual payment can be deleted', async () => {
    const admin = caller(t, s.admin);
    const first = await order(1); // 20.00 − 2.00 commission = 18.00 owed
    const second = await order(2); // 36.00 owed
    const lines = [{ orderName: first.name, vendor: 'Vendor One' }];

    expect((await caller(t, s.vendor1)('POST', '/api/payment/v3/pay', { payoutLines: lines })).statusCode).toBe(403);
    const prepared = await admin('POST', '/api/payment/v3/prepare', { payoutLines: lines });
    expect(prepared.statusCode, prepared.body).toBe(200);
    expect(prepared.json()).toEqual({
      stripeBalance: null,
      total: [{ currency: 'USD', amount: '18.00' }],
      allocations: [
        { vendor: 'Vendor One', currency: 'USD', amount: '18.00', orderNames: [first.name], payable: true, methods: ['manual'] },
      ],
    });

    const paying = { payoutLines: lines, manual: { paidAt: '2026-11-20', details: 'Bank transfer 42' } };
    const [a, b] = await Promise.all([admin('POST', '/api/payment/v3/pay', paying), admin('POST', '/api/payment/v3/pay', paying)]);
    const results = [...a.json().results, ...b.json().results];
    expect(results.filter((r) => r.status === 'paid')).toEqual([
      expect.objectContaining({ vendor: 'Vendor One', amount: '18.00', method: 'manual', transactionId: expect.any(String) }),
    ]);
    const payments = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'manual_payment'));
    expect(payments.map((p) => p.amount)).toEqual([-1800]);
    expect((await t.db.select().from(vendorOrders).where(eq(vendorOrders.id, first.part.id)))[0]).toMatchObject({
      payout: 'paid',
      payoutId: expect.any(String),
    });
    // Paid lines are no longer offered.
    expect((await admin('POST', '/api/payment/v3/prepare', { payoutLines: lines })).json().allocations).toEqual([]);

    // The paid order is refunded: the vendor owes 18.00 back, and paying the next order nets it.
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, first.orderId));
    expect((await admin('POST', `/api/orders/${first.part.id}/refunds`, { lines: [{ id: line.id, quantity: 1 }] })).statusCode).toBe(201);
    const vendorView = (await caller(t, s.vendor1)('GET', '/api/transactions?period=all')).json();
    expect(vendorView.aggs[0].balance).toBe('18.00');
    const next = await admin('POST', '/api/payment/v3/pay', { payoutLines: [{ orderName: second.name, vendor: 'Vendor One' }] });
    expect(next.json().results).toEqual([expect.objectContaining({ status: 'paid', amount: '18.00' })]);
    expect((await caller(t, s.vendor1)('GET', '/api/transactions?period=all')).json().aggs[0].balance).toBe('0.00');

    // Deleting the second payment: reversed by a new entry, its order due again, the balance back.
    const transactionId = next.json().results[0].transactionId;
    expect((await caller(t, s.vendor1)('DELETE', '/api/payment/manual', { transactionId })).statusCode).toBe(403);
    const deleted = await admin('DELETE', '/api/payment/manual', { transactionId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.db.select().from(vendorOrders).where(eq(vendorOrders.id, second.part.id)))[0]).toMatchObject({
      payout: 'due',
      payoutId: null,
    });
    expect((await caller(t, s.vendor1)('GET', '/api/transactions?period=all')).json().aggs[0].balance).toBe('18.00');
    expect((await admin('DELETE', '/api/payment/manual', { transactionId })).statusCode).toBe(404);
    const [sale] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, second.orderId), eq(ledgerEntries.kind, 'sale')));
    expect((await admin('DELETE', '/api/payment/manual', { transactionId: sale.id })).statusCode).toBe(409);
    expect(await t.db.select().from(orders)).toHaveLength(2);
  });
});
