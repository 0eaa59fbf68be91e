import type { MembershipSubscriptionAnswer } from '#shared/schemas/membership';
import type { AppContext } from '#server/context';
import type { AuthContext } from '#server/http/policy';
import { readStoreSettings } from '../settings/index.ts';
import { requireVendor } from './billing-client.ts';
import { countActiveProducts, isMembershipEnforced, vendorStanding } from './vendor-standing.ts';

/** GET stripe/subscription: the caller's own vendor's membership, never another's. */
export async function getSubscription(ctx: AppContext, auth: AuthContext): Promise<MembershipSubscriptionAnswer> {
  const vendorId = requireVendor(auth);
  const settings = await readStoreSettings(ctx.db, auth.storeId);
  const [standing, activeProducts] = await Promise.all([
    vendorStanding(ctx.db, auth.storeId, vendorId, settings, ctx.now()),
    countActiveProducts(ctx.db, auth.storeId, vendorId),
  ]);
  const m = standing.membership;
  return {
    enabled: isMembershipEnforced(settings),
    subscription: m?.status
      ? {
          status: m.status,
          priceId: m.priceId,
          currentPeriodEnd: m.currentPeriodEnd?.toISOString() ?? null,
          trialEnd: m.trialEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: m.cancelAtPeriodEnd,
        }
      : null,
    canPublish: standing.canPublish,
    limit: settings.membership.products,
    activeProducts,
    trialEndsAt: standing.trialEndsAt?.toISOString() ?? null,
    documentationUrl: settings.membership.documentationUrl,
  };
}
