import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { resolveVendorSettings, type Reserve, type StoredReserve } from '#shared/schemas/vendor-settings';
import type { ReserveAnswer } from '#shared/schemas/finance';
import type { Settings } from '#shared/schemas/settings';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { ledgerEntries, orders, vendorOrders, vendorSettings } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { patchVendorSettings, readVendorSettings } from '../settings/index.ts';
import { getVendorByName, inVendorScope } from '../vendors/index.ts';
import { expectedPayoutAt, lastShippedAt, reservedPart, reserveEndsAt } from './payable.ts';

const DAY_MS = 86_400_000;

/** The reserves in force in a store (or of one vendor), by vendor id. */
export async function readReserves(db: Db, storeId: string, vendorId: string | null = null): Promise<Map<string, StoredReserve>> {
  const rows = await db
    .select({ vendorId: vendorSettings.vendorId, settings: vendorSettings.settings })
    .from(vendorSettings)
    .where(
      and(inVendorScope(vendorSettings, { storeId, vendorId }), sql`(${vendorSettings.settings}->'reserve'->>'percentage')::numeric > 0`),
    );
  return new Map(
    rows
      .map((r) => [r.vendorId, resolveVendorSettings(r.settings).reserve])
      .filter(([, reserve]) => (reserve as StoredReserve).percentage > 0) as [string, StoredReserve][],
  );
}

export interface ReservedOrder {
  vendorId: string;
  vendorOrderId: string;
  currency: string;
  payout: 'due' | 'paid';
  /** The part held back (minor units) and the day it is released. */
  reserved: number;
  until: Date;
}

/**
 * The vendor orders whose normal hold has ended but whose reserve still holds part of them (due or
 * already paid out without it): paid by the buyer, fulfilled, payable on or after the reserve
 * began, and less than the reserve's days past their payable date.
 */
export async function reservedOrders(
  db: Db,
  storeId: string,
  payments: Pick<Settings['payments'], 'holdingDays'>,
  now: Date,
  reserves: Map<string, StoredReserve>,
): Promise<ReservedOrder[]> {
  if (reserves.size === 0) return [];
  const longest = Math.max(...[...reserves.values()].map((r) => r.days));
  const holdEnded = new Date(now.getTime() - payments.holdingDays * DAY_MS);
  const rows = await db
    .select({
      vendorId: vendorOrders.vendorId,
      vendorOrderId: vendorOrders.id,
      currency: orders.currency,
      payout: vendorOrders.payout,
      shippedAt: lastShippedAt,
      amount: sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries} where ${ledgerEntries.vendorOrderId} = ${vendorOrders.id} and ${ledgerEntries.storeId} = ${vendorOrders.storeId} and ${ledgerEntries.inPayout})`,
    })
    .from(vendorOrders)
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .where(
      and(
        eq(vendorOrders.storeId, storeId),
        inArray(vendorOrders.vendorId, [...reserves.keys()]),
        eq(vendorOrders.fulfillment, 'fulfilled'),
        eq(orders.paymentStatus, 'paid'),
        lte(lastShippedAt, holdEnded.toISOString()),
        gt(lastShippedAt, new Date(holdEnded.getTime() - longest * DAY_MS).toISOString()),
      ),
    );
  return rows.flatMap((row) => {
    const reserve = reserves.get(row.vendorId)!;
    const payableAt = expectedPayoutAt(new Date(row.shippedAt), payments.holdingDays);
    const until = reserveEndsAt(payableAt, reserve.days);
    if (!reserve.since || payableAt < new Date(reserve.since) || until <= now) return [];
    const reserved = reservedPart(Number(row.amount), reserve.percentage);
    return reserved > 0
      ? [
          {
            vendorId: row.vendorId,
            vendorOrderId: row.vendorOrderId,
            currency: row.currency,
            payout: row.payout as 'due' | 'paid',
            reserved,
            until,
          },
        ]
      : [];
  });
}

/** GET payment/reserve?vendor= (admins). */
export async function getReserve(ctx: AppContext, auth: AuthContext, vendorName: string): Promise<ReserveAnswer> {
  const vendor = await getVendorByName(ctx.db, auth.storeId, vendorName);
  const { reserve } = await readVendorSettings(ctx.db, auth.storeId, vendor.id);
  return { vendor: vendor.name, ...reserve };
}

/**
 * PUT payment/reserve (admins): sets a vendor's reserve; 0 % lifts it. A reserve begins when it is
 * first set and covers the orders payable from then on; changing its percentage or days keeps that
 * beginning, so orders paid out before it are never held back after the fact.
 */
export async function setReserve(ctx: AppContext, auth: AuthContext, body: Reserve & { vendor: string }): Promise<ReserveAnswer> {
  const vendor = await getVendorByName(ctx.db, auth.storeId, body.vendor);
  const { reserve: current } = await readVendorSettings(ctx.db, auth.storeId, vendor.id);
  const since = body.percentage > 0 ? (current.percentage > 0 && current.since ? current.since : ctx.now().toISOString()) : null;
  const reserve: StoredReserve = { percentage: body.percentage, days: body.days, since };
  await patchVendorSettings(ctx.db, auth.storeId, vendor.id, { reserve });
  return { vendor: vendor.name, ...reserve };
}
