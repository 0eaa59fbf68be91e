import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, DEMO_STORE, type TestApp } from '../../../../test/support/test-app.ts';
import { orderLines } from '#server/db/schema/index';
import { rowsOf } from '../products/list-products.ts';
import { ingestOrder } from '../orders/ingest-order.ts';
import { cancelOrder } from '../orders/cancel-order.ts';
import { refundOrder } from '../orders/refund-order.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { payAtOnce, shipAll } from '../../../../test/support/orders.ts';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-03-31T12:00:00Z') });
  ({ admin } = await demoSessions(t));
});
afterAll(() => t.close());

async function order(at: string, currency: string, lines: { vendor: string; title: string; price: number; quantity: number }[]) {
  const { orderId } = await ingestOrder(t.ctx, DEMO_STORE, {
    source: 'shopify',
    platformOrderId: randomUUID(),
    name: `#R${Math.floor(Math.random() * 1e6)}`,
    currency,
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
      tax: 50,
    })),
    shipping: 300,
    placedAt: new Date(at),
    payment: { status: 'paid', method: 'platform', paidAt: new Date(at) },
  });
  return orderId;
}

const query = async <T>(text: string) => rowsOf<T>(await t.db.execute(sql.raw(text)));
const zoneOf = `coalesce((select settings->>'timeZone' from stores where id = '${DEMO_STORE}'), 'UTC')`;

/** Each entry with its day on the store's clock and its payout state (its vendor order's; payments are paid). */
const withState = `(select e.*, (e.occurred_at at time zone ${zoneOf})::date::text as day,
  case when e.kind in ('payout', 'manual_payment') then 'paid' else coalesce(vo.payout, '') end as payout
  from ledger_entries e left join vendor_orders vo on vo.id = e.vendor_order_id and vo.store_id = e.store_id where e.store_id = '${DEMO_STORE}') x`;
const kindOrder = 'order by 1, 2, 3, 4, 5, 6';

/** The rollups next to the same sums computed from the rows themselves, in the store's current zone. */
async function rollupsAndRows() {
  const order = 'order by 1, 2, 3, 4';
  return {
    ledger: await query(
      `select vendor_id::text, currency, day::text, sales_minor::int, commission_minor::int, payouts_minor::int, refunds_minor::int, in_payout_minor::int, entries from ledger_daily where store_id = '${DEMO_STORE}' ${order}`,
    ),
    ledgerRows: await query(`
      select vendor_id::text, currency, (occurred_at at time zone ${zoneOf})::date::text as day,
        coalesce(sum(amount_minor) filter (where in_sales), 0)::int as sales_minor, coalesce(sum(amount_minor) filter (where kind = 'commission'), 0)::int as commission_minor,
        coalesce(sum(amount_minor) filter (where kind in ('payout', 'manual_payment')), 0)::int as payouts_minor, coalesce(sum(amount_minor) filter (where kind = 'refund'), 0)::int as refunds_minor,
        coalesce(sum(amount_minor) filter (where in_payout), 0)::int as in_payout_minor, count(*)::int as entries
      from ledger_entries where store_id = '${DEMO_STORE}' group by 1, 2, 3 ${order}`),
    orders: await query(
      `select day::text, orders, cancelled from order_daily where store_id = '${DEMO_STORE}' and (orders <> 0 or cancelled <> 0) order by 1`,
    ),
    orderRows: await query(`
      select (placed_at at time zone ${zoneOf})::date::text as day, count(*)::int as orders, (count(*) filter (where cancelled_at is not null))::int as cancelled
      from orders where store_id = '${DEMO_STORE}' group by 1 order by 1`),
    vendorOrders: await query(
      `select vendor_id::text, day::text, orders, cancelled from vendor_order_daily where store_id = '${DEMO_STORE}' and (orders <> 0 or cancelled <> 0) order by 1, 2`,
    ),
    vendorOrderRows: await query(`
      select vendor_id::text, (placed_at at time zone ${zoneOf})::date::text as day, count(*)::int as orders, (count(*) filter (where fulfillment = 'cancelled'))::int as cancelled
      from vendor_orders where store_id = '${DEMO_STORE}' group by 1, 2 order by 1, 2`),
    kinds: await query(
      `select currency, day::text, kind, in_sales, in_payout, payout, amount_minor::int, entries from ledger_kind_daily where store_id = '${DEMO_STORE}' and entries <> 0 ${kindOrder}`,
    ),
    kindRows: await query(
      `select currency, day, kind, in_sales, in_payout, payout, sum(amount_minor)::int as amount_minor, count(*)::int as entries from ${withState} group by 1, 2, 3, 4, 5, 6 ${kindOrder}`,
    ),
    vendorKinds: await query(
      `select vendor_id::text, currency, day::text, kind, in_sales, in_payout, payout, amount_minor::int, entries from vendor_ledger_kind_daily where store_id = '${DEMO_STORE}' and entries <> 0 ${kindOrder}, 7`,
    ),
    vendorKindRows: await query(
      `select vendor_id::text, currency, day, kind, in_sales, in_payout, payout, sum(amount_minor)::int as amount_minor, count(*)::int as entries from ${withState} group by 1, 2, 3, 4, 5, 6, 7 ${kindOrder}, 7`,
    ),
    payoutStates: await query(`select entry_id::text as id, payout from ledger_payout_state where store_id = '${DEMO_STORE}' order by 1`),
    payoutStateRows: await query(`select id::text, payout from ${withState} where payout <> '' order by 1`),
    products: await query(
      `select currency, product_key, sum(sales_minor)::int as sales, sum(quantity)::int as quantity from product_daily where store_id = '${DEMO_STORE}' group by 1, 2 order by 1, 2`,
    ),
  };
}

describe('the daily rollups', () => {
  it('equal the sums of the ledger and the orders after sales, a refund, a cancellation, a payment and a change of time zone', async () => {
    await order('2026-03-29T23:30:00Z', 'USD', [
      { vendor: 'Vendor One', title: 'Mug', price: 1000, quantity: 2 },
      { vendor: 'Vendor Two', title: 'Lamp', price: 5000, quantity: 1 },
    ]);
    const refunded = await order('2026-03-30T10:00:00Z', 'EUR', [{ vendor: 'Vendor One', title: 'Towel', price: 800, quantity: 3 }]);
    const cancelled = await order('2026-03-30T22:59:00Z', 'USD', [{ vendor: 'Vendor Two', title: 'Lamp', price: 5000, quantity: 1 }]);
    const [towel] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, refunded));
    await refundOrder(t.db, DEMO_STORE, refunded, {
      sourceRefundId: 'r1',
      lines: [{ lineId: towel.id, quantity: 1, restock: false }],
      shipping: 0,
      at: new Date('2026-03-31T08:00:00Z'),
    });
    await cancelOrder(t.db, DEMO_STORE, cancelled, new Date('2026-03-31T09:00:00Z'));
    const api = caller(t, admin);
    const firstOrder = (await api('GET', '/api/transactions?period=all&payout=due&requestedVendor=Vendor%20One'))
      .json()
      .transactions.find((x: { orderName: string; currency: string }) => x.currency === 'USD');
    // Shipped, and the store pays shipped orders at once: payable.
    await shipAll(t, admin, firstOrder.orderId);
    await payAtOnce(t, admin);
    const paid = await api('POST', '/api/payment/v3/pay', {
      payoutLines: [{ orderName: firstOrder.orderName, vendor: 'Vendor One' }],
      manual: { paidAt: '2026-03-31', details: 'bank' },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const utc = await rollupsAndRows();
    expect(utc.ledger).toEqual(utc.ledgerRows);
    expect(utc.orders).toEqual(utc.orderRows);
    expect(utc.vendorOrders).toEqual(utc.vendorOrderRows);
    expect(utc.kinds).toEqual(utc.kindRows);
    expect(utc.vendorKinds).toEqual(utc.vendorKindRows);
    expect(utc.payoutStates).toEqual(utc.payoutStateRows);
    // The payment moved Vendor One's order from due to paid; the refund is in its own day and kind.
    expect(utc.kinds).toContainEqual(expect.objectContaining({ kind: 'refund', day: '2026-03-31', payout: 'due' }));
    expect(utc.payoutStates).toContainEqual(expect.objectContaining({ payout: 'paid' }));
    expect(utc.ledger.length).toBeGreaterThan(0);
    expect(utc.orders).toEqual([
      { day: '2026-03-29', orders: 1, cancelled: 0 },
      { day: '2026-03-30', orders: 2, cancelled: 1 },
    ]);
    // Goods sold less refunded, per product and currency.
    expect(utc.products).toEqual([
      { currency: 'EUR', product_key: 'Towel', sales: 1600, quantity: 3 },
      { currency: 'USD', product_key: 'Lamp', sales: 5000, quantity: 2 },
      { currency: 'USD', product_key: 'Mug', sales: 2000, quantity: 2 },
    ]);

    // Kiritimati is 14 hours ahead: the days move, and the rollups with them.
    expect((await api('PATCH', '/api/app/info/features', { features: { timeZone: 'Pacific/Kiritimati' } })).statusCode).toBe(200);
    const moved = await rollupsAndRows();
    expect(moved.ledger).toEqual(moved.ledgerRows);
    expect(moved.orders).toEqual(moved.orderRows);
    expect(moved.vendorOrders).toEqual(moved.vendorOrderRows);
    expect(moved.kinds).toEqual(moved.kindRows);
    expect(moved.vendorKinds).toEqual(moved.vendorKindRows);
    expect(moved.orders).toEqual([
      { day: '2026-03-30', orders: 1, cancelled: 0 },
      { day: '2026-03-31', orders: 2, cancelled: 1 },
    ]);
    // A vendor's balance is the rollups' in-payout sum, the same as its entries'.
    const balance = (await caller(t, (await demoSessions(t)).vendor1)('GET', '/api/transactions?period=all')).json().aggs;
    const rows = await query<{ currency: string; balance: string }>(
      `select currency, sum(amount_minor)::text as balance from ledger_entries e join vendors v on v.id = e.vendor_id where v.name = 'Vendor One' and e.in_payout group by 1 order by 1`,
    );
    expect(balance.map((a: { currency: string; balance: string }) => [a.currency, Math.round(Number(a.balance) * 100)]).sort()).toEqual(
      rows.map((r) => [r.currency, Number(r.balance)]),
    );
  });

  it("gives the transaction list's totals and count exact to the cent for every filter, whole days from the rollup and the edge days from the entries", async () => {
    const api = caller(t, admin);
    const utcDue = (await rollupsAndRows()).payoutStates.filter((x) => (x as { payout: string }).payout === 'due').length;
    const queries = [
      'period=all',
      'period=week',
      'period=today',
      'from=2026-03-30&to=2026-03-30',
      'from=2026-03-29&to=2026-03-31',
      'period=all&payment=sale',
      'period=all&payment=refund',
      'period=all&payment=payout',
      'period=week&payout=due',
      'period=all&payout=paid',
      'period=all&payout=due&payment=commission',
      'period=all&requestedVendor=Vendor%20One',
      'from=2026-03-30&to=2026-03-31&payout=due&requestedVendor=Vendor%20One',
      'period=all&q=R',
    ];
    const check = async () => {
      for (const q of queries) {
        const answer = (await api('GET', `/api/transactions?${q}`)).json();
        // The entries themselves: the list's rows over every page (few here), summed per currency.
        const ids: string[] = [];
        for (let page = 1; page <= answer.pageCount; page++)
          ids.push(...(await api('GET', `/api/transactions?${q}&page=${page}`)).json().transactions.map((x: { id: string }) => x.id));
        const rows = ids.length
          ? await query<{ currency: string; kind: string; in_sales: boolean; in_payout: boolean; amount_minor: number }>(
              `select currency, kind, in_sales, in_payout, amount_minor::int from ledger_entries where id in (${ids.map((id) => `'${id}'`).join(', ')})`,
            )
          : [];
        const cents = (x: string) => Math.round(Number(x) * 100);
        const got = answer.aggs
          .filter((a: { count: number }) => a.count > 0)
          .map((a: Record<string, string>) => ({
            currency: a.currency,
            count: a.count,
            sales: cents(a.sales),
            refunds: cents(a.refunds),
            commission: cents(a.commission),
            payouts: cents(a.payouts),
            tax: cents(a.tax),
            shipping: cents(a.shipping),
            grossSales: cents(a.grossSales),
            net: cents(a.net),
          }));
        const currencies = [...new Set(rows.map((r) => r.currency))];
        const total = (c: string, keep: (r: (typeof rows)[number]) => boolean) =>
          rows.filter((r) => r.currency === c && keep(r)).reduce((n, r) => n + r.amount_minor, 0);
        const expected = currencies.map((c) => ({
          currency: c,
          count: rows.filter((r) => r.currency === c).length,
          sales: total(c, (r) => r.kind === 'sale'),
          refunds: total(c, (r) => r.kind === 'refund'),
          commission: total(c, (r) => r.kind === 'commission'),
          payouts: total(c, (r) => r.kind === 'payout' || r.kind === 'manual_payment'),
          tax: total(c, (r) => r.kind === 'tax'),
          shipping: total(c, (r) => r.kind === 'shipping'),
          grossSales: total(c, (r) => r.in_sales),
          net: total(c, (r) => r.in_payout),
        }));
        const byCurrency = (a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency);
        expect(got.sort(byCurrency), q).toEqual(expected.sort(byCurrency));
        expect(answer.count, q).toBe(ids.length);
      }
    };
    // The store's clock is still Kiritimati's (+14): a UTC day's bounds fall inside local days.
    await check();
    // Deleting the payment makes its orders due again: their entries move back, in the rollups and the state.
    const [payment] = await query<{ id: string }>(
      `select id::text from ledger_entries where store_id = '${DEMO_STORE}' and kind = 'manual_payment'`,
    );
    expect((await api('DELETE', '/api/payment/manual', { transactionId: payment.id })).statusCode).toBe(200);
    expect((await api('PATCH', '/api/app/info/features', { features: { timeZone: 'UTC' } })).statusCode).toBe(200);
    const due = await rollupsAndRows();
    expect(due.kinds).toEqual(due.kindRows);
    expect(due.vendorKinds).toEqual(due.vendorKindRows);
    expect(due.payoutStates).toEqual(due.payoutStateRows);
    expect(due.payoutStates.filter((x) => (x as { payout: string }).payout === 'due').length).toBeGreaterThan(utcDue);
    await check();
  });
});
