import { and, eq, sql, type SQL } from 'drizzle-orm';
import { currencyDecimals, roundToMinorUnits } from '#shared/money';
import type { Settings } from '#shared/schemas/settings';
import { fulfillments, orders, vendorOrders } from '#server/db/schema/index';

const DAY_MS = 86_400_000;

/** When a vendor order was last shipped (its latest shipment; the order's date when it was fulfilled without one, e.g. digital goods). */
export const lastShippedAt = sql<Date>`coalesce((select max(${fulfillments.createdAt}) from ${fulfillments} where ${fulfillments.vendorOrderId} = ${vendorOrders.id} and ${fulfillments.storeId} = ${vendorOrders.storeId}), ${vendorOrders.placedAt})`;

/** The day a fulfilled order's hold ends: its last shipment plus the store's holding days (the return window). */
export const expectedPayoutAt = (shippedAt: Date, holdingDays: number) => new Date(shippedAt.getTime() + holdingDays * DAY_MS);

/**
 * A vendor order the marketplace may pay now: its buyer paid, it is fulfilled, not paid out yet,
 * and its hold has ended. (The minimum payout is checked on the vendor's amount, not per order.)
 * Needs vendor_orders joined with orders.
 */
export function payableNow(payments: Pick<Settings['payments'], 'holdingDays'>, now: Date): SQL {
  const cutoff = new Date(now.getTime() - payments.holdingDays * DAY_MS);
  return and(
    eq(vendorOrders.payout, 'due'),
    eq(vendorOrders.fulfillment, 'fulfilled'),
    eq(orders.paymentStatus, 'paid'),
    sql`${lastShippedAt} <= ${cutoff.toISOString()}`,
  )!;
}

/** Whether a vendor's amount in a currency reaches the store's minimum payout (one figure in major units of every currency). */
export const reachesMinimum = (amount: number, currency: string, minimumPayout: number) =>
  amount > 0 && amount >= roundToMinorUnits(minimumPayout, currencyDecimals(currency));

/** The day a vendor's reserve stops holding part of an order: the order's payable date plus the reserve's days. */
export const reserveEndsAt = (payableAt: Date, days: number) => new Date(payableAt.getTime() + days * DAY_MS);

/** The part of an order's amount a reserve holds, in minor units (nothing of an order that owes nothing). */
export const reservedPart = (amount: number, percentage: number) =>
  amount > 0 ? Math.min(amount, Math.round((amount * percentage) / 100)) : 0;
