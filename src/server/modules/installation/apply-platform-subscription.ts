import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { FALLBACK_PLAN } from '#shared/plans';
import type { AppContext } from '#server/context';
import { planCharges, storePlans, type PlanChargeStatus } from '#server/db/schema/index';
import { applyPlan } from './change-plan.ts';

/** The platform's app_subscriptions/update body: the subscription and where it stands now. */
export const AppSubscriptionUpdateSchema = z.object({
  app_subscription: z.object({
    admin_graphql_api_id: z.string().min(1),
    status: z.string().transform((s) => s.toLowerCase()),
  }),
});

const ENDED: readonly string[] = ['declined', 'expired', 'frozen', 'cancelled'] satisfies PlanChargeStatus[];

/**
 * Applies what the platform reports of a subscription (a signed webhook, run as a job, so a repeated
 * delivery changes nothing more): ACTIVE makes the charge's plan and add-ons the store's, as the
 * merchant approved them; DECLINED, EXPIRED and FROZEN close a charge that waited; CANCELLED of the
 * subscription that pays for the current plan takes the store to the free plan (the platform no
 * longer charges it). Subscriptions we did not create are ignored.
 */
export async function applyPlatformSubscription(ctx: AppContext, storeId: string, body: unknown) {
  const { admin_graphql_api_id: subscriptionId, status } = AppSubscriptionUpdateSchema.parse(body).app_subscription;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const thisCharge = and(eq(planCharges.storeId, storeId), eq(planCharges.platformSubscriptionId, subscriptionId));
    const [charge] = await tx.select().from(planCharges).where(thisCharge).for('update');
    if (status === 'active') {
      if (!charge || charge.status === 'active') return;
      await tx.update(planCharges).set({ status: 'active', decidedAt: now }).where(thisCharge);
      await applyPlan(tx, storeId, {
        plan: charge.plan,
        addons: charge.addons,
        at: now,
        by: charge.requestedBy,
        platformSubscriptionId: subscriptionId,
      });
      return;
    }
    if (!ENDED.includes(status)) return;
    if (charge && charge.status !== status)
      await tx
        .update(planCharges)
        .set({ status: status as PlanChargeStatus, decidedAt: now })
        .where(thisCharge);
    if (status !== 'cancelled') return;
    const [paying] = await tx
      .select({ storeId: storePlans.storeId })
      .from(storePlans)
      .where(and(eq(storePlans.storeId, storeId), eq(storePlans.platformSubscriptionId, subscriptionId)))
      .for('update');
    // A subscription replaced by a newer one is cancelled by the platform too: only the one paying now counts.
    if (paying) await applyPlan(tx, storeId, { plan: FALLBACK_PLAN, addons: [], at: now, by: null, platformSubscriptionId: null });
  });
}
