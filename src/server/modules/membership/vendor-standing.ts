import { and, count, eq } from 'drizzle-orm';
import type { Settings } from '#shared/schemas/settings';
import type { SubscriptionStatus } from '#shared/schemas/membership';
import type { Db } from '#server/db/client';
import { products, vendorMemberships, vendors } from '#server/db/schema/index';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe's statuses in which the vendor has paid (or is in Stripe's own trial). */
const GOOD_STANDING: readonly SubscriptionStatus[] = ['active', 'trialing'];

/** Membership applies when it is on and vendors can pay it (the integrations feature carries the payment calls). */
export const isMembershipEnforced = (settings: Settings) => settings.membership.enabled && settings.features.integrations.enabled;

export async function findMembership(db: Db, storeId: string, vendorId: string) {
  const [row] = await db
    .select()
    .from(vendorMemberships)
    .where(and(eq(vendorMemberships.storeId, storeId), eq(vendorMemberships.vendorId, vendorId)));
  return row ?? null;
}

export async function countActiveProducts(db: Db, storeId: string, vendorId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.vendorId, vendorId), eq(products.status, 'ACTIVE')));
  return Number(row.n);
}

/**
 * Where a vendor stands: it may publish while its subscription is paid (or in Stripe's trial), or
 * during the marketplace's free trial (membership.trialDays from the vendor's start).
 */
export async function vendorStanding(db: Db, storeId: string, vendorId: string, settings: Settings, now: Date) {
  const [vendor] = await db
    .select({ createdAt: vendors.createdAt })
    .from(vendors)
    .where(and(eq(vendors.storeId, storeId), eq(vendors.id, vendorId)));
  const membership = await findMembership(db, storeId, vendorId);
  const trialEnd =
    vendor && settings.membership.trialDays > 0 ? new Date(vendor.createdAt.getTime() + settings.membership.trialDays * DAY_MS) : null;
  const inTrial = trialEnd !== null && now < trialEnd;
  const paid = membership?.status ? GOOD_STANDING.includes(membership.status) : false;
  return { membership, trialEndsAt: inTrial ? trialEnd : null, canPublish: !isMembershipEnforced(settings) || paid || inTrial, paid };
}
