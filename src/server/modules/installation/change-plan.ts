import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { formatMinorUnits } from '#shared/money';
import { INSTALLATION_MESSAGES, type InstallationBodySchema } from '#shared/schemas/installation';
import { monthlyPrice, PLANS, type AddonId, type PlanId } from '#shared/plans';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { planCharges, storePlans } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { StorefrontSyncError } from '#server/adapters/storefront/types';
import { readStorePlan } from './store-plan.ts';

/** Plan prices are USD cents. */
const PLAN_CURRENCY = 'USD';

/** Makes a plan the store's own: the whole choice (plan and bought add-ons) replaces the last one. */
export async function applyPlan(
  db: Db,
  storeId: string,
  choice: { plan: PlanId; addons: AddonId[]; at: Date; by: string | null; platformSubscriptionId: string | null },
) {
  const values = {
    storeId,
    plan: choice.plan,
    addons: choice.addons,
    confirmedAt: choice.at,
    updatedBy: choice.by,
    platformSubscriptionId: choice.platformSubscriptionId,
  };
  await db
    .insert(storePlans)
    .values(values)
    .onConflictDoUpdate({ target: [storePlans.storeId], set: values });
}

const providerError = (error: unknown) => {
  if (error instanceof StorefrontSyncError && !error.retryable) return new AppError('conflict', error.message);
  return new AppError('unavailable', INSTALLATION_MESSAGES.platformUnreachable);
};

/**
 * PUT admin/installation: the admin picks a plan and add-ons; answers the URL where the charge is
 * confirmed. On the built-in platform there is no billing of ours, so the change applies at once
 * (the screen asks first, naming the price) and the URL leads back to the Plan screen. A store
 * installed on a platform shop pays through the platform: a recurring charge is created there
 * (outside any transaction, recorded as pending first) and the URL is the platform's approval page;
 * the plan changes only when the platform reports the charge active (app_subscriptions/update). A
 * downgrade keeps everything the store has; only new vendors and products past the new limits are
 * refused (plan-limits.ts).
 */
export async function changePlan(ctx: AppContext, auth: AuthContext, body: z.output<typeof InstallationBodySchema>) {
  const current = await readStorePlan(ctx.db, auth.storeId, ctx.now());
  // Add-ons the plan includes are not bought again.
  const addons = body.addons.filter((addon) => !PLANS[body.plan].includedAddons.includes(addon));
  const planScreen = `${ctx.config.publicUrl}/app/installation`;
  if (!current.platformShop) {
    await applyPlan(ctx.db, auth.storeId, { plan: body.plan, addons, at: ctx.now(), by: auth.userId, platformSubscriptionId: null });
    return { url: `${planScreen}?changed=${body.plan}` };
  }

  const admin = await ctx.marketplaceAdmin(auth.storeId);
  if (!admin) throw new AppError('conflict', INSTALLATION_MESSAGES.platformNotConnected);
  const billing = ctx.storefront.billing(admin.client);
  const price = monthlyPrice(body.plan, addons);
  if (price === 0) {
    // Nothing to charge (the platform bills no zero price): the running charge ends and the free plan applies at once.
    try {
      if (current.platformSubscriptionId) await billing.cancelSubscription(current.platformSubscriptionId);
    } catch (error) {
      throw providerError(error);
    }
    await applyPlan(ctx.db, auth.storeId, { plan: body.plan, addons, at: ctx.now(), by: auth.userId, platformSubscriptionId: null });
    return { url: `${planScreen}?changed=${body.plan}` };
  }

  const [charge] = await ctx.db
    .insert(planCharges)
    .values({ storeId: auth.storeId, shop: admin.shop, plan: body.plan, addons, price, requestedBy: auth.userId })
    .returning({ id: planCharges.id });
  const thisCharge = and(eq(planCharges.storeId, auth.storeId), eq(planCharges.id, charge.id));
  try {
    const extras = addons.length ? ` with ${addons.join(' and ')}` : '';
    const { subscriptionId, confirmationUrl } = await billing.createSubscription({
      name: `Marketplace ${body.plan} plan${extras}`,
      amount: formatMinorUnits(price, 2),
      currencyCode: PLAN_CURRENCY,
      returnUrl: `${planScreen}?charge=${charge.id}`,
      test: ctx.config.shopify.billingTest,
    });
    await ctx.db.update(planCharges).set({ platformSubscriptionId: subscriptionId }).where(thisCharge);
    return { url: confirmationUrl };
  } catch (error) {
    // No approval page reached the admin: nothing can be approved, so nothing waits.
    await ctx.db.delete(planCharges).where(thisCharge);
    throw providerError(error);
  }
}
