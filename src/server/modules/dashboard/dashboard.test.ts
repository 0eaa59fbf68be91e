import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dayIn } from '#shared/days';
import { createTestApp, DEMO_STORE, type TestApp } from '../../../../test/support/test-app.ts';
import { ledgerEntries, orderLines, vendors } from '#server/db/schema/index';
import { ingestOrder } from '../orders/ingest-order.ts';
import { cancelOrder } from '../orders/cancel-order.ts';
import { refundOrder } from '../orders/refund-order.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';

// Two days after Europe/Amsterdam moved its clocks forward (2026-03-29 01:00 UTC).
const NOW = new Date('2026-03-31T12:00:00Z');
let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  s = await demoSessions(t);
});
afterAll(() => t.close());

async function order(at: string, lines: { vendor: string; title: string; price: number; quantity: number }[]) {
  const { orderId } = await ingestOrder(t.ctx, DEMO_STORE, {
    source: 'shopify',
    platformOrderId: randomUUID(),
    name: `#D${Math.floor(Math.random() * 1e6)}`,
    currency: 'USD',
    customer: { name: 'Buyer', email: 'buyer@example.com', phone: '' },
    shippingAddress: null,
    billingAddress: null,
    lines: lines.map((l, i) => ({
      platformLineId: String(i),
      variantId: null,
      sku: '',
      vendorName: l.vendor,
      title: l.title,
      variantTitle: '',
      quantity: l.quantity,
      price: l.price,
      discount: 0,
      tax: 100,
    })),
    shipping: 500,
    placedAt: new Date(at),
    payment: { status: 'paid', method: 'platform', paidAt: new Date(at) },
  });
  return orderId;
}

/** The dashboard's figures computed the plain way: every ledger entry of the vendors, summed by its day on the Amsterdam clock. */
async function ledgerByDay(vendorNames: string[]) {
  const ids = new Set((await t.db.select().from(vendors)).filter((v) => vendorNames.includes(v.name)).map((v) => v.id));
  const byDay = new Map<string, { sales: number; commission: number; refunds: number }>();
  for (const e of await t.db.select().from(ledgerEntries)) {
    if (!ids.has(e.vendorId)) continue;
    const day = dayIn('Europe/Amsterdam', e.occurredAt);
    const d = byDay.get(day) ?? { sales: 0, commission: 0, refunds: 0 };
    if (e.inSales) d.sales += e.amount;
    if (e.kind === 'commission') d.commission -= e.amount;
    if (e.kind === 'refund') d.refunds -= e.amount;
    byDay.set(day, d);
  }
  return byDay;
}
const cents = (text: string) => Math.round(Number(text) * 100);

describe('GET dashboard', () => {
  it("sums the ledger per day of the store's time zone across a daylight-saving change, with the period before, top lists and order counts; a vendor sees its own only", async () => {
    const admin = caller(t, s.admin);
    const vendor1 = caller(t, s.vendor1);
    expect((await admin('PATCH', '/api/app/info/features', { features: { timeZone: 'Mars/Olympus' } })).statusCode).toBe(400);
    expect((await admin('PATCH', '/api/app/info/features', { features: { timeZone: 'Europe/Amsterdam' } })).statusCode).toBe(200);

    // 00:30 on the 29th in Amsterdam (still winter time, UTC+1): the 28th in UTC.
    await order('2026-03-28T23:30:00Z', [{ vendor: 'Vendor One', title: 'Mug', price: 2000, quantity: 2 }]);
    // 23:30 on the 29th in Amsterdam (summer time, UTC+2).
    const refunded = await order('2026-03-29T21:30:00Z', [
      { vendor: 'Vendor One', title: 'Towel', price: 1000, quantity: 1 },
      { vendor: 'Vendor Two', title: 'Lamp', price: 9000, quantity: 1 },
    ]);
    // 00:30 on the 30th in Amsterdam; with winter time's offset it would still be the 29th.
    const cancelled = await order('2026-03-29T22:30:00Z', [{ vendor: 'Vendor Two', title: 'Board', price: 4500, quantity: 1 }]);
    // The period before (27th-28th).
    await order('2026-03-27T10:00:00Z', [{ vendor: 'Vendor One', title: 'Mug', price: 2000, quantity: 1 }]);
    const [towel] = await t.db.select().from(orderLines).where(eq(orderLines.title, 'Towel'));
    await refundOrder(t.db, DEMO_STORE, refunded, {
      sourceRefundId: 'r1',
      lines: [{ lineId: towel.id, quantity: 1, restock: false }],
      shipping: 0,
      at: new Date('2026-03-30T08:00:00Z'),
    });
    await cancelOrder(t.db, DEMO_STORE, cancelled, new Date('2026-03-30T09:00:00Z'));

    const res = await admin('GET', '/api/dashboard?from=2026-03-29&to=2026-03-30');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      from: '2026-03-29',
      to: '2026-03-30',
      timeZone: 'Europe/Amsterdam',
      previous: { from: '2026-03-27', to: '2026-03-28' },
    });
    expect(body.orders).toEqual({
      count: 3,
      cancelled: 1,
      previous: { count: 1, cancelled: 0 },
      days: [
        { day: '2026-03-29', count: 2 },
        { day: '2026-03-30', count: 1 },
      ],
    });

    const expected = await ledgerByDay(['Vendor One', 'Vendor Two']);
    const [usd] = body.transactions;
    expect(usd.currency).toBe('USD');
    expect(usd.days.map((d: { day: string }) => d.day)).toEqual(['2026-03-29', '2026-03-30']);
    for (const d of usd.days) {
      const e = expected.get(d.day)!;
      expect({ sales: cents(d.sales), commission: cents(d.commission), refunds: cents(d.refunds) }).toEqual(e);
    }
    expect(cents(usd.days[0].sales)).toBe(2 * 2000 + 100 + 1000 + 100 + 9000 + 100); // tax counts in sales, shipping not (the defaults)
    expect(cents(usd.totals.refunds)).toBe(1000);
    expect(cents(usd.previous.sales)).toBe(expected.get('2026-03-27')!.sales);
    expect(usd.topVendors.map((v: { vendor: string }) => v.vendor)).toEqual(['Vendor Two', 'Vendor One']);
    // The cancelled board nets to nothing; the refunded towel too.
    expect(usd.topProducts.map((p: { title: string; sales: string }) => [p.title, p.sales])).toEqual([
      ['Lamp', '90.00'],
      ['Mug', '40.00'],
      ['Board', '0.00'],
      ['Towel', '0.00'],
    ]);

    const own = (await vendor1('GET', '/api/dashboard?from=2026-03-29&to=2026-03-30')).json();
    const expectedOwn = await ledgerByDay(['Vendor One']);
    expect(own.transactions[0].days.map((d: { sales: string }) => cents(d.sales))).toEqual(
      ['2026-03-29', '2026-03-30'].map((day) => expectedOwn.get(day)?.sales ?? 0),
    );
    expect(own.transactions[0].topVendors).toEqual([]);
    expect(own.transactions[0].topProducts.map((p: { title: string }) => p.title).sort()).toEqual(['Mug', 'Towel']);
    // Its part of the refunded order was refunded whole, so that part is cancelled.
    expect(own.orders).toMatchObject({ count: 2, cancelled: 1, previous: { count: 1 } });
  });

  it('defaults to the last 30 days, refuses a reversed or too long range and unknown keys', async () => {
    const admin = caller(t, s.admin);
    const body = (await admin('GET', '/api/dashboard')).json();
    expect(body).toMatchObject({ from: '2026-03-02', to: '2026-03-31' });
    expect(body.orders.days).toHaveLength(30);
    expect((await admin('GET', '/api/dashboard?from=2026-03-10&to=2026-03-01')).json()).toMatchObject({
      message: 'The start must not be after the end',
    });
    expect((await admin('GET', '/api/dashboard?from=2020-01-01&to=2026-03-01')).statusCode).toBe(400);
    expect((await admin('GET', '/api/dashboard?vendor=Vendor%20Two')).statusCode).toBe(400);
    // A vendor cannot ask for another vendor's figures: there is no such parameter.
    expect((await caller(t, s.vendor1)('GET', '/api/dashboard?requestedVendor=Vendor%20Two')).statusCode).toBe(400);
  });
});
