import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { PayoutSummaryAnswer } from '#shared/schemas/finance';
import type { AppContext } from '#server/context';
import { ledgerDaily, ledgerEntries, orders, vendorOrders, vendors } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { readStoreSettings } from '../settings/index.ts';
import { inVendorScope, resolveVendorScope } from '../vendors/index.ts';
import { expectedPayoutAt, lastShippedAt, payableNow, reachesMinimum } from './payable.ts';
import { readReserves, reservedOrders } from './reserve.ts';

/**
 * GET payouts/summary: per vendor and currency, the three figures of a vendor's money. `paid`: what
 * the marketplace paid out (payments less their reversals); `pending`: what the vendor orders still
 * held owe (paid by the buyer, not yet fulfilled or within their hold), with the day the first of
 * them ends its hold; `available`: the rest of the balance, payable now (refunds of paid-out orders
 * net it), and whether it reaches the minimum payout. A vendor's reserve keeps its part of each
 * order in pending until the reserve's day. Vendors see their own; admins one vendor
 * (requestedVendor) or every vendor.
 */
export async function getPayoutSummary(
  ctx: AppContext,
  auth: AuthContext,
  requestedVendor: string | undefined,
): Promise<PayoutSummaryAnswer> {
  const scope = await resolveVendorScope(ctx.db, auth, requestedVendor);
  const { payments } = await readStoreSettings(ctx.db, scope.storeId);
  const now = ctx.now();
  const [totals, held, reserved] = await Promise.all([
    ctx.db
      .select({
        vendorId: ledgerDaily.vendorId,
        vendor: vendors.name,
        currency: ledgerDaily.currency,
        balance: sql<string>`coalesce(sum(${ledgerDaily.inPayout}), 0)`,
        paid: sql<string>`coalesce(-sum(${ledgerDaily.payouts}), 0)`,
      })
      .from(ledgerDaily)
      .innerJoin(vendors, eq(vendors.id, ledgerDaily.vendorId))
      .where(inVendorScope(ledgerDaily, scope))
      .groupBy(ledgerDaily.vendorId, vendors.name, ledgerDaily.currency),
    // The buyer's money is in (only paid orders have entries), the order not yet payable.
    ctx.db
      .select({
        vendorId: vendorOrders.vendorId,
        currency: orders.currency,
        amount: sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries} where ${ledgerEntries.vendorOrderId} = ${vendorOrders.id} and ${ledgerEntries.storeId} = ${vendorOrders.storeId} and ${ledgerEntries.inPayout})`,
        fulfilled: sql<boolean>`${vendorOrders.fulfillment} = 'fulfilled'`,
        shippedAt: lastShippedAt,
      })
      .from(vendorOrders)
      .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
      .where(
        and(
          inVendorScope(vendorOrders, scope),
          eq(vendorOrders.payout, 'due'),
          eq(orders.paymentStatus, 'paid'),
          not(inArray(vendorOrders.fulfillment, ['cancelled'])),
          not(payableNow(payments, now)),
        ),
      ),
    readReserves(ctx.db, scope.storeId, scope.vendorId).then((reserves) => reservedOrders(ctx.db, scope.storeId, payments, now, reserves)),
  ]);
  return {
    figures: totals.map((row) => {
      const mine = held.filter((h) => h.vendorId === row.vendorId && h.currency === row.currency);
      // A reserve's part of the orders past their hold (due, or paid out without it) is pending until its own day.
      const inReserve = reserved.filter((r) => r.vendorId === row.vendorId && r.currency === row.currency);
      const pending = mine.reduce((sum, h) => sum + Number(h.amount), 0) + inReserve.reduce((sum, r) => sum + r.reserved, 0);
      const available = Number(row.balance) - pending;
      const ends = [
        ...mine.filter((h) => h.fulfilled).map((h) => expectedPayoutAt(new Date(h.shippedAt), payments.holdingDays).getTime()),
        ...inReserve.map((r) => r.until.getTime()),
      ];
      const money = (minor: number) => formatMinorUnits(minor, currencyDecimals(row.currency));
      return {
        vendor: row.vendor,
        currency: row.currency,
        available: money(available),
        pending: money(pending),
        pendingUntil: ends.length ? new Date(Math.min(...ends)).toISOString() : null,
        paid: money(Number(row.paid)),
        reachesMinimum: reachesMinimum(available, row.currency, payments.minimumPayout),
      };
    }),
  };
}
