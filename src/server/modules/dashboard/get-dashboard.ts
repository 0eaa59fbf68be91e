import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
import type { AppContext } from '#server/context';
import { ledgerDaily, orderDaily, productDaily, vendorOrderDaily, vendorProductDaily, vendors } from '#server/db/schema/index';
import { badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { inVendorScope, resolveVendorScope, type VendorScope } from '../vendors/index.ts';
import { displayCurrencyOf, inDisplayOrder } from '../finance/index.ts';
import { readStoreSettings } from '../settings/index.ts';

const DEFAULT_DAYS = 30;

/**
 * What the dashboard sums for a caller, in one place: the daily rollups of the ledger, the products
 * and the orders (a vendor its own; an admin the marketplace, or the vendor whose view it switched
 * to). The marketplace counts its customers' orders, a vendor its parts of them.
 */
function dashboardSources(scope: VendorScope) {
  const vendorOf = <T extends { storeId: AnyPgColumn; vendorId: AnyPgColumn }>(t: T) => inVendorScope(t, scope);
  const orders = scope.vendorId
    ? {
        table: vendorOrderDaily,
        where: vendorOf(vendorOrderDaily),
        day: vendorOrderDaily.day,
        orders: vendorOrderDaily.orders,
        cancelled: vendorOrderDaily.cancelled,
      }
    : {
        table: orderDaily,
        where: eq(orderDaily.storeId, scope.storeId),
        day: orderDaily.day,
        orders: orderDaily.orders,
        cancelled: orderDaily.cancelled,
      };
  // The marketplace's products have a rollup without the vendor: a year is products × days, whoever sold them.
  const products = scope.vendorId
    ? { table: vendorProductDaily, where: vendorOf(vendorProductDaily) }
    : { table: productDaily, where: eq(productDaily.storeId, scope.storeId) };
  return { ledger: vendorOf(ledgerDaily), products, orders };
}

/** The ledger is written from the vendor's side; the dashboard shows the marketplace's, hence the signs. */
const figureColumns = {
  sales: sql<string>`coalesce(sum(${ledgerDaily.sales}), 0)`,
  commission: sql<string>`-coalesce(sum(${ledgerDaily.commission}), 0)`,
  payouts: sql<string>`-coalesce(sum(${ledgerDaily.payouts}), 0)`,
  refunds: sql<string>`-coalesce(sum(${ledgerDaily.refunds}), 0)`,
};
type FigureRow = Record<keyof DashboardFigures, string | number>;

const ZERO: FigureRow = { sales: 0, commission: 0, payouts: 0, refunds: 0 };

/**
 * GET dashboard: the sums of the ledger (money) and the orders (counts) over a range of days in the
 * store's time zone, per day, with the top vendors and products and the period of the same length
 * just before. Every figure is a sum of the scope's daily rollups in the range (one row per vendor,
 * currency and day, kept by triggers in the transactions that write the ledger and the orders), so
 * a year costs a few thousand rows, not every entry of the year.
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
  const inDays = (day: AnyPgColumn, first: string, last: string) => and(gte(day, first), lte(day, last))!;
  const ledgerIn = (first: string, last: string) => and(sources.ledger, inDays(ledgerDaily.day, first, last))!;
  const o = sources.orders;
  const { table: p, where: pWhere } = sources.products;

  const [perDay, before, byVendor, byProduct, orderDays, orderTotals, display] = await Promise.all([
    ctx.db
      .select({ day: ledgerDaily.day, currency: ledgerDaily.currency, ...figureColumns })
      .from(ledgerDaily)
      .where(ledgerIn(from, to))
      .groupBy(ledgerDaily.day, ledgerDaily.currency),
    ctx.db
      .select({ currency: ledgerDaily.currency, ...figureColumns })
      .from(ledgerDaily)
      .where(ledgerIn(previous.from, previous.to))
      .groupBy(ledgerDaily.currency),
    scope.vendorId
      ? Promise.resolve([])
      : ctx.db
          .select({ vendorId: ledgerDaily.vendorId, currency: ledgerDaily.currency, sales: figureColumns.sales })
          .from(ledgerDaily)
          .where(ledgerIn(from, to))
          .groupBy(ledgerDaily.vendorId, ledgerDaily.currency),
    ctx.db
      .select({
        productId: sql<string | null>`(max(${p.productId}::text))::uuid`,
        title: sql<string>`max(${p.title})`,
        currency: p.currency,
        sales: sql<string>`sum(${p.sales})`,
        quantity: sql<number>`sum(${p.quantity})::int`,
      })
      .from(p)
      .where(and(pWhere, inDays(p.day, from, to)))
      // A product no longer in the catalog still has its lines' title.
      .groupBy(p.productKey, p.currency)
      .orderBy(desc(sql`sum(${p.sales})`)),
    ctx.db
      .select({ day: o.day, count: sql<number>`sum(${o.orders})::int` })
      .from(o.table)
      .where(and(o.where, inDays(o.day, from, to)))
      .groupBy(o.day),
    ctx.db
      .select({
        isPrevious: sql<boolean>`${o.day} < ${from}::date`,
        count: sql<number>`sum(${o.orders})::int`,
        cancelled: sql<number>`sum(${o.cancelled})::int`,
      })
      .from(o.table)
      .where(and(o.where, inDays(o.day, previous.from, to)))
      .groupBy(sql`1`),
    displayCurrencyOf(ctx.db, auth),
  ]);

  const vendorNames = byVendor.length
    ? new Map(
        (
          await ctx.db
            .select({ id: vendors.id, name: vendors.name })
            .from(vendors)
            .where(and(eq(vendors.storeId, scope.storeId), inArray(vendors.id, [...new Set(byVendor.map((v) => v.vendorId))])))
        ).map((v) => [v.id, v.name]),
      )
    : new Map<string, string>();

  const currencies = inDisplayOrder(
    [...perDay, ...before].map((r) => r.currency),
    display,
  );
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
        previous: figures(
          before.find((r) => r.currency === currency),
          currency,
        ),
        days: days.map((day) => ({ day, ...figures(byDay.get(day), currency) })),
        topVendors: byVendor
          .filter((v) => v.currency === currency)
          .sort((a, b) => Number(b.sales) - Number(a.sales))
          .slice(0, DASHBOARD_TOP)
          .map((v) => ({ vendor: vendorNames.get(v.vendorId) ?? '', sales: formatMinorUnits(Number(v.sales), decimals) })),
        topProducts: byProduct
          .filter((p) => p.currency === currency)
          .slice(0, DASHBOARD_TOP)
          .map((p) => ({
            productId: p.productId,
            title: p.title,
            sales: formatMinorUnits(Number(p.sales), decimals),
            quantity: p.quantity ?? 0,
          })),
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
