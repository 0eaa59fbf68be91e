import { toAmountText } from '#shared/money';
import { LIMIT_NAMES, isAtLimit, monthlyPrice, type LimitName } from '#shared/plans';
import type { InstallationAnswer } from '#shared/schemas/installation';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { planCharges } from '#server/db/schema/index';
import { countUsage, readStorePlan, trialDaysLeft } from './store-plan.ts';

const usageKey: Record<LimitName, 'vendors' | 'products' | 'ordersThisMonth'> = {
  vendors: 'vendors',
  products: 'products',
  ordersPerMonth: 'ordersThisMonth',
};

/** GET admin/installation: the store's plan, its usage, and whether a limit is reached. */
export async function getInstallation(ctx: AppContext, storeId: string): Promise<InstallationAnswer> {
  const now = ctx.now();
  const [plan, counts, [pending]] = await Promise.all([
    readStorePlan(ctx.db, storeId, now),
    countUsage(ctx.db, storeId, now),
    ctx.db
      .select({ plan: planCharges.plan, addons: planCharges.addons, price: planCharges.price, createdAt: planCharges.createdAt })
      .from(planCharges)
      .where(and(eq(planCharges.storeId, storeId), eq(planCharges.status, 'pending'), isNotNull(planCharges.platformSubscriptionId)))
      .orderBy(desc(planCharges.createdAt))
      .limit(1),
  ]);
  return {
    subscription: {
      status: plan.status,
      plan: plan.plan,
      addons: plan.addons,
      boughtAddons: plan.boughtAddons,
      limits: plan.limits,
      price: toAmountText(plan.status === 'active' ? monthlyPrice(plan.plan, plan.boughtAddons) : 0, 'USD'),
      currency: 'USD',
      trialEndsAt: plan.trialEndsAt?.toISOString() ?? null,
      confirmedAt: plan.confirmedAt?.toISOString() ?? null,
    },
    counts,
    shouldUpgradePlan: LIMIT_NAMES.some((name) => isAtLimit(plan.limits[name], counts[usageKey[name]])),
    trialDays: trialDaysLeft(plan, now),
    billing: plan.platformShop ? 'platform' : 'none',
    pendingCharge:
      plan.platformShop && pending
        ? { ...pending, price: toAmountText(pending.price, 'USD'), currency: 'USD', createdAt: pending.createdAt.toISOString() }
        : null,
  };
}
