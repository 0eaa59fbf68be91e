import { LIMIT_NAMES, isAtLimit, monthlyPrice, type LimitName } from '#shared/plans';
import type { InstallationAnswer } from '#shared/schemas/installation';
import type { AppContext } from '#server/context';
import { countUsage, readStorePlan, trialDaysLeft } from './store-plan.ts';

const usageKey: Record<LimitName, 'vendors' | 'products' | 'ordersThisMonth'> = { vendors: 'vendors', products: 'products', ordersPerMonth: 'ordersThisMonth' };

/** GET admin/installation: the store's plan, its usage, and whether a limit is reached. */
export async function getInstallation(ctx: AppContext, storeId: string): Promise<InstallationAnswer> {
  const now = ctx.now();
  const [plan, counts] = await Promise.all([readStorePlan(ctx.db, storeId, now), countUsage(ctx.db, storeId, now)]);
  return {
    subscription: {
      status: plan.status,
      plan: plan.plan,
      addons: plan.addons,
      boughtAddons: plan.boughtAddons,
      limits: plan.limits,
      price: plan.status === 'active' ? monthlyPrice(plan.plan, plan.boughtAddons) : 0,
      trialEndsAt: plan.trialEndsAt?.toISOString() ?? null,
      confirmedAt: plan.confirmedAt?.toISOString() ?? null,
    },
    counts,
    shouldUpgradePlan: LIMIT_NAMES.some((name) => isAtLimit(plan.limits[name], counts[usageKey[name]])),
    trialDays: trialDaysLeft(plan, now),
  };
}
