import type { z } from 'zod';
import { INSTALLATION_MESSAGES, type InstallationBodySchema } from '#shared/schemas/installation';
import { PLANS } from '#shared/plans';
import type { AppContext } from '#server/context';
import { storePlans } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { readStorePlan } from './store-plan.ts';

/**
 * PUT admin/installation: the admin picks a plan and add-ons; answers the URL where the charge is
 * confirmed. The built-in platform has no separate billing, so the change is confirmed at once and
 * the URL leads back to the installation screen. A downgrade keeps everything the store has; only
 * new vendors and products past the new limits are refused (plan-limits.ts).
 */
export async function changePlan(ctx: AppContext, auth: AuthContext, body: z.output<typeof InstallationBodySchema>) {
  const current = await readStorePlan(ctx.db, auth.storeId, ctx.now());
  // A platform shop pays through the platform's billing, which no adapter speaks yet: changing the plan here would be free.
  if (current.platformShop) throw new AppError('conflict', INSTALLATION_MESSAGES.platformBilling);
  // Add-ons the plan includes are not bought again.
  const addons = body.addons.filter((addon) => !PLANS[body.plan].includedAddons.includes(addon));
  const values = { storeId: auth.storeId, plan: body.plan, addons, confirmedAt: ctx.now(), updatedBy: auth.userId };
  await ctx.db.insert(storePlans).values(values).onConflictDoUpdate({ target: [storePlans.storeId], set: values });
  return { url: `${ctx.config.publicUrl}/app/installation?changed=${body.plan}` };
}
