import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, dayCount, dayIn, daysOf } from '#shared/days';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import {
  DASHBOARD_MAX_DAYS,
  DASHBOARD_MESSAGES,
  DASHBOARD_TOP,
  DashboardQuerySchema,
  type DashboardAnswer,
  type DashboardFigures,
  type DashboardQuery,
} from '#shared/schemas/dashboard';
import type { AppContext } from '../../context.ts';
import { ledgerEntries, orderLines, orders, vendorOrders, vendors } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { parseOrThrow } from '../../http/validation.ts';
import { resolveVendorScope, type VendorScope } from '../commissions/vendor-scope.ts';
import { displayCurrencyOf, inDisplayOrder } from '../finance/display-currency.ts';
import { ledgerScope } from '../finance/list-transactions.ts';
import { orderScope } from '../orders/order-scope.ts';
import { readStoreSettings } from '../settings/store-settings.ts';

const DEFAULT_DAYS = 30;

/** The start of a day on the store's wall clock, as an instant: PostgreSQL applies the zone's rules of that date. */
const startOf = (day: string, zone: string) => sql`(${day}::timestamp at time zone ${zone})`;

/**
 * What the dashboard sums for a caller, in one place: the ledger through ledgerScope and the orders
 * through orderScope (a vendor its own; an admin the marketplace, or the vendor whose view it
 * switched to). The marketplace counts its customers' orders, a vendor its parts of them.
 */
function dashboardSources(scope: VendorScope) {
  const ordersOf = scope.vendorId
    ? { table: vendorOrders, where: orderScope(scope), placedAt: vendorOrders.placedAt, cancelled: sql`${vendorOrders.fulfillment} = 'cancelled'` }
    : { table: orders, where: eq(orders.storeId, scope.storeId), placedAt: orders.placedAt, cancelled: isNotNull(orders.cancelledAt) };
  return { ledger: ledgerScope(scope), orders: ordersOf };
}

const PAYMENT = sql`${ledgerEntries.kind} in ('payout', 'manual_payment')`;
const sumWhere = (condition: SQL) => sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${condition}), 0)`;
/** The ledger is written from the vendor's side; the dashboard shows the marketplace's, hence the signs. */
const figureColumns = {
  sales: sumWhere(sql`${ledgerEntries.inSales}`),
  commission: sql<string>`-${sumWhere(sql`${ledgerEntries.kind} = 'commission'`)}`,
  payouts: sql<string>`-${sumWhere(PAYMENT)}`,
  refunds: sql<string>`-${sumWhere(sql`${ledgerEntries.kind} = 'refund'`)}`,
};
type FigureRow = Record<keyof DashboardFigures, string | number>;

const ZERO: FigureRow = { sales: 0, commission: 0, payouts: 0, refunds: 0 };

/**
 * GET dashboard: the sums of the ledger (money) and the orders (counts) over a range of days in the
 * store's time zone, per day, with the top vendors and products and the period of the same length
 * just before. Every figure is a sum over the scope's rows in the range, read on the
 * (store, vendor?, occurred_at) indexes.
 */
export async function getDashboard(ctx: AppContext, auth: AuthContext, input: DashboardQuery): Promise<DashboardAnswer> {
  const query = parseOrThrow(DashboardQuerySchema, input);
  const settings = await readStoreSettings(ctx.db, auth.storeId);
  const zone = settings.timeZone;
  const to = query.to ?? dayIn(zone, ctx.now());
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw badRequest(DASHBOARD_MESSAGES.fromAfterTo, [{ path: 'from', message: DASHBOARD_MESSAGES.fromAfterTo }]);
  const length = dayCount(from, to);
  if (length > DASHBOARD_MAX_DAYS) throw badRequest(DASHBOARD_MESSAGES.tooLong, [{ path: 'to', message: DASHBOARD_MESSAGES.tooLong }]);
  const previous = { from: addDays(from, -length), to: addDays(from, -1) };

  const scope = await resolveVendorScope(ctx.db, auth, undefined);
  const sources = dashboardSources(scope);
  const start = startOf(from, zone);
  const end = startOf(addDays(to, 1), zone);
  const inRange = and(sources.ledger, gte(ledgerEntries.occurredAt, start as never), lt(ledgerEntries.occurredAt, end as never))!;
  const inPrevious = and(sources.ledger, gte(ledgerEntries.occurredAt, startOf(previous.from, zone) as never), lt(ledgerEntries.occurredAt, start as never))!;
  const localDay = (column: SQL | typeof ledgerEntries.occurredAt) => sql<string>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD')`;
  const o = sources.orders;
  const ordersIn = (a: SQL, b: SQL) => and(o.where, gte(o.placedAt, a as never), lt(o.placedAt, b as never))!;

  const [perDay, before, byVendor, byProduct, orderDays, orderTotals, display] = await Promise.all([
    ctx.db
      .select({ day: localDay(ledgerEntries.occurredAt), currency: ledgerEntries.currency, ...figureColumns })
      .from(ledgerEntries)
      .where(inRange)
      .groupBy(sql`1`, ledgerEntries.currency),
    ctx.db.select({ currency: ledgerEntries.currency, ...figureColumns }).from(ledgerEntries).where(inPrevious).groupBy(ledgerEntries.currency),
    scope.vendorId
      ? Promise.resolve([])
      : ctx.db
          .select({ vendorId: ledgerEntries.vendorId, currency: ledgerEntries.currency, sales: figureColumns.sales })
          .from(ledgerEntries)
          .where(inRange)
          .groupBy(ledgerEntries.vendorId, ledgerEntries.currency),
    ctx.db
      .select({
        productId: orderLines.productId,
        title: sql<string>`max(${orderLines.title})`,
        currency: ledgerEntries.currency,
        sales: sql<string>`sum(${ledgerEntries.amount})`,
        quantity: sql<number>`(sum(${orderLines.quantity}) filter (where ${ledgerEntries.kind} = 'sale' and ${ledgerEntries.reversesEntryId} is null))::int`,
      })
      .from(ledgerEntries)
      .innerJoin(orderLines, eq(orderLines.id, ledgerEntries.orderLineId))
      .where(and(inRange, inArray(ledgerEntries.kind, ['sale', 'refund'])))
      // A product no longer in the catalog still has its lines' title.
      .groupBy(sql`coalesce(${orderLines.productId}::text, ${orderLines.title})`, orderLines.productId, ledgerEntries.currency)
      .orderBy(desc(sql`sum(${ledgerEntries.amount})`)),
    ctx.db
      .select({ day: localDay(o.placedAt as never), count: sql<number>`count(*)::int` })
      .from(o.table)
      .where(ordersIn(start, end))
      .groupBy(sql`1`),
    ctx.db
      .select({
        isPrevious: sql<boolean>`${o.placedAt} < ${start}`,
        count: sql<number>`count(*)::int`,
        cancelled: sql<number>`(count(*) filter (where ${o.cancelled}))::int`,
      })
      .from(o.table)
      .where(ordersIn(startOf(previous.from, zone), end))
      .groupBy(sql`1`),
    displayCurrencyOf(ctx.db, auth),
  ]);

  const vendorNames = byVendor.length
    ? new Map(
        (await ctx.db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(and(eq(vendors.storeId, scope.storeId), inArray(vendors.id, [...new Set(byVendor.map((v) => v.vendorId))])))).map(
          (v) => [v.id, v.name],
        ),
      )
    : new Map<string, string>();

  const currencies = inDisplayOrder([...perDay, ...before].map((r) => r.currency), display);
  const days = daysOf(from, to);
  const figures = (row: FigureRow | undefined, currency: string): DashboardFigures => {
    const money = (minor: string | number) => formatMinorUnits(Number(minor), currencyDecimals(currency));
    const r = row ?? ZERO;
    return { sales: money(r.sales), commission: money(r.commission), payouts: money(r.payouts), refunds: money(r.refunds) };
  };
  const totalOf = (rows: FigureRow[]): FigureRow => ({
    sales: rows.reduce((s, r) => s + Number(r.sales), 0),
    commission: rows.reduce((s, r) => s + Number(r.commission), 0),
    payouts: rows.reduce((s, r) => s + Number(r.payouts), 0),
    refunds: rows.reduce((s, r) => s + Number(r.refunds), 0),
  });
  const ordersPerDay = new Map(orderDays.map((d) => [d.day, d.count]));
  const current = orderTotals.find((t) => !t.isPrevious);
  const earlier = orderTotals.find((t) => t.isPrevious);

  return {
    from,
    to,
    timeZone: zone,
    previous,
    transactions: currencies.map((currency) => {
      const mine = perDay.filter((r) => r.currency === currency);
      const byDay = new Map(mine.map((r) => [r.day, r]));
      const decimals = currencyDecimals(currency);
      return {
        currency,
        totals: figures(totalOf(mine), currency),
        previous: figures(before.find((r) => r.currency === currency), currency),
        days: days.map((day) => ({ day, ...figures(byDay.get(day), currency) })),
        topVendors: byVendor
          .filter((v) => v.currency === currency)
          .sort((a, b) => Number(b.sales) - Number(a.sales))
          .slice(0, DASHBOARD_TOP)
          .map((v) => ({ vendor: vendorNames.get(v.vendorId) ?? '', sales: formatMinorUnits(Number(v.sales), decimals) })),
        topProducts: byProduct
          .filter((p) => p.currency === currency)
          .slice(0, DASHBOARD_TOP)
          .map((p) => ({ productId: p.productId, title: p.title, sales: formatMinorUnits(Number(p.sales), decimals), quantity: p.quantity ?? 0 })),
      };
    }),
    orders: {
      count: current?.count ?? 0,
      cancelled: current?.cancelled ?? 0,
      previous: { count: earlier?.count ?? 0, cancelled: earlier?.cancelled ?? 0 },
      days: days.map((day) => ({ day, count: ordersPerDay.get(day) ?? 0 })),
    },
  };
}
