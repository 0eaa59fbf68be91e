import { and, asc, eq, sql } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { PayableOrdersAnswer } from '#shared/schemas/finance';
import type { AppContext } from '#server/context';
import { ledgerEntries, orders, vendorOrders, vendors } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { readStoreSettings } from '../settings/index.ts';
import { getVendorByName, inVendorScope } from '../vendors/index.ts';
import { expectedPayoutAt, lastShippedAt, payableNow } from './payable.ts';
import { readReserves, reservedOrders } from './reserve.ts';

/** The most orders one payout screen lists (the oldest first); the rest come once these are paid. */
export const PAYABLE_LIST_CAP = 500;

/**
 * GET payment/payable (admins): the vendor orders the marketplace may pay now (payable.ts), oldest
 * first, each with what its entries add to the vendor's balance (less the part a reserve still holds): what the payout flow lists and
 * lets the admin choose from.
 */
export async function listPayableOrders(ctx: AppContext, auth: AuthContext, vendorName: string | undefined): Promise<PayableOrdersAnswer> {
  const vendorId = vendorName ? (await getVendorByName(ctx.db, auth.storeId, vendorName)).id : null;
  const { payments } = await readStoreSettings(ctx.db, auth.storeId);
  const rows = await ctx.db
    .select({
      id: vendorOrders.id,
      vendor: vendors.name,
      orderName: vendorOrders.orderName,
      currency: orders.currency,
      shippedAt: lastShippedAt,
      amount: sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries} where ${ledgerEntries.vendorOrderId} = ${vendorOrders.id} and ${ledgerEntries.storeId} = ${vendorOrders.storeId} and ${ledgerEntries.inPayout})`,
    })
    .from(vendorOrders)
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .innerJoin(vendors, eq(vendors.id, vendorOrders.vendorId))
    .where(and(inVendorScope(vendorOrders, { storeId: auth.storeId, vendorId }), payableNow(payments, ctx.now())))
    .orderBy(asc(vendorOrders.placedAt), asc(vendorOrders.id))
    .limit(PAYABLE_LIST_CAP + 1);
  const now = ctx.now();
  const reserves = await readReserves(ctx.db, auth.storeId, vendorId);
  // The part a vendor's reserve still holds is paid later, by another payment.
  const reserved = new Map((await reservedOrders(ctx.db, auth.storeId, payments, now, reserves)).map((r) => [r.vendorOrderId, r.reserved]));
  return {
    orders: rows.slice(0, PAYABLE_LIST_CAP).map((r) => ({
      vendor: r.vendor,
      orderName: r.orderName,
      currency: r.currency,
      amount: formatMinorUnits(Number(r.amount) - (reserved.get(r.id) ?? 0), currencyDecimals(r.currency)),
      payableSince: expectedPayoutAt(new Date(r.shippedAt), payments.holdingDays).toISOString(),
    })),
    capped: rows.length > PAYABLE_LIST_CAP,
  };
}
