import { and, count, eq, gte, ne } from 'drizzle-orm';
import {
  addonsOf,
  FALLBACK_PLAN,
  INSTALLATION_TRIAL_DAYS,
  PLANS,
  TRIAL_PLAN,
  ADDON_IDS,
  type AddonId,
  type PlanId,
  type PlanLimits,
} from '#shared/plans';
import type { Db } from '#server/db/client';
import { orders, products, storePlans, stores, vendors } from '#server/db/schema/index';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface StorePlan {
  status: 'trial' | 'active';
  plan: PlanId;
  /** Every add-on the store has (bought and included). */
  addons: AddonId[];
  boughtAddons: AddonId[];
  limits: PlanLimits;
  trialEndsAt: Date | null;
  confirmedAt: Date | null;
  /** The platform installation of the store (a shop domain), null on the built-in platform. */
  platformShop: string | null;
  /** The platform's subscription paying for the plan (null: none, or the built-in platform). */
  platformSubscriptionId: string | null;
}

/**
 * The plan a store is on now. A store that never chose one is in its trial (the trial plan, every
 * add-on) for INSTALLATION_TRIAL_DAYS from its creation, then on the fallback plan.
 */
export async function readStorePlan(db: Db, storeId: string, now: Date): Promise<StorePlan> {
  const [row] = await db
    .select({
      createdAt: stores.createdAt,
      platformShop: stores.platformShop,
      plan: storePlans.plan,
      addons: storePlans.addons,
      confirmedAt: storePlans.confirmedAt,
      platformSubscriptionId: storePlans.platformSubscriptionId,
    })
    .from(stores)
    .leftJoin(storePlans, eq(storePlans.storeId, stores.id))
    .where(eq(stores.id, storeId));
  const platform = { platformShop: row?.platformShop ?? null, platformSubscriptionId: row?.platformSubscriptionId ?? null };
  if (row?.plan) {
    const bought = row.addons ?? [];
    return {
      status: 'active',
      plan: row.plan,
      addons: addonsOf(row.plan, bought),
      boughtAddons: bought,
      limits: PLANS[row.plan].limits,
      trialEndsAt: null,
      confirmedAt: row.confirmedAt,
      ...platform,
    };
  }
  const trialEndsAt = new Date((row?.createdAt ?? now).getTime() + INSTALLATION_TRIAL_DAYS * DAY_MS);
  if (now < trialEndsAt)
    return {
      status: 'trial',
      plan: TRIAL_PLAN,
      addons: [...ADDON_IDS],
      boughtAddons: [],
      limits: PLANS[TRIAL_PLAN].limits,
      trialEndsAt,
      confirmedAt: null,
      ...platform,
    };
  return {
    status: 'trial',
    plan: FALLBACK_PLAN,
    addons: addonsOf(FALLBACK_PLAN, []),
    boughtAddons: [],
    limits: PLANS[FALLBACK_PLAN].limits,
    trialEndsAt,
    confirmedAt: null,
    ...platform,
  };
}

/** Whole days left in a trial (rounded up: a trial ending in 3 hours still has a day). */
export const trialDaysLeft = (plan: StorePlan, now: Date) =>
  plan.trialEndsAt && plan.status === 'trial' ? Math.max(0, Math.ceil((plan.trialEndsAt.getTime() - now.getTime()) / DAY_MS)) : 0;

/** The first instant of the current calendar month in UTC: orders per month count from there. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** What counts against the limits: active vendors, products that are not archived, orders placed this month. */
export async function countUsage(db: Db, storeId: string, now: Date) {
  const [[v], [p], [o]] = await Promise.all([
    db
      .select({ n: count() })
      .from(vendors)
      .where(and(eq(vendors.storeId, storeId), eq(vendors.isActive, true))),
    db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.storeId, storeId), ne(products.status, 'ARCHIVED'))),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), gte(orders.placedAt, monthStart(now)))),
  ]);
  return { vendors: Number(v.n), products: Number(p.n), ordersThisMonth: Number(o.n) };
}
