import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/policy.ts';
import { changePlan } from '../modules/installation/change-plan.ts';
import { patchStoreSettings } from '../modules/settings/store-settings.ts';

/**
 * The demo marketplace on the growth plan with both add-ons (chosen through the same use case as
 * the installation screen), so it keeps its conversations and labels after the trial; membership
 * is described but left off, so the demo vendors publish freely until an admin switches it on.
 */
export async function seedDemoPlan(ctx: AppContext, admin: AuthContext) {
  await changePlan(ctx, admin, { plan: 'growth', addons: ['conversations', 'labels'] });
  await patchStoreSettings(ctx.db, admin.storeId, {
    membership: { enabled: false, products: 25, trialDays: 30, documentationUrl: 'https://example.com/membership' },
  });
}
