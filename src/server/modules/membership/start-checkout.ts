import { MEMBERSHIP_MESSAGES } from '#shared/schemas/membership';
import type { AppContext } from '#server/context';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { readStoreSettings } from '../settings/index.ts';
import { getBilling, requireVendor, viaStripe } from './billing-client.ts';
import { ensureWebhookEndpoint } from '../payments/index.ts';
import { vendorStanding } from './vendor-standing.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST stripe/checkout-session: a Stripe-hosted page where the vendor subscribes to one of the
 * marketplace's prices. The vendor and store ride along as metadata, which is how the webhooks find
 * the vendor again. What is left of the vendor's free trial becomes Stripe's trial, so it is not
 * given twice.
 */
export async function startCheckout(ctx: AppContext, auth: AuthContext, priceId: string) {
  const vendorId = requireVendor(auth);
  const billing = await getBilling(ctx, auth.storeId);
  const prices = await viaStripe(() => billing.listPrices());
  if (!prices.some((p) => p.id === priceId))
    throw new AppError('bad_request', MEMBERSHIP_MESSAGES.unknownPrice, [{ path: 'priceId', message: MEMBERSHIP_MESSAGES.unknownPrice }]);
  const settings = await readStoreSettings(ctx.db, auth.storeId);
  const now = ctx.now();
  const standing = await vendorStanding(ctx.db, auth.storeId, vendorId, settings, now);
  if (standing.paid) throw new AppError('conflict', MEMBERSHIP_MESSAGES.alreadySubscribed);
  await viaStripe(() => ensureWebhookEndpoint(ctx, auth.storeId, billing));
  const trialDays = standing.trialEndsAt ? Math.ceil((standing.trialEndsAt.getTime() - now.getTime()) / DAY_MS) : 0;
  const back = `${ctx.config.publicUrl}/app/membership`;
  const session = await viaStripe(() =>
    billing.createCheckoutSession({
      priceId,
      customerId: standing.membership?.customerId ?? null,
      customerEmail: auth.email,
      clientReferenceId: vendorId,
      metadata: { store_id: auth.storeId, vendor_id: vendorId },
      trialDays,
      successUrl: `${back}?checkout=success`,
      cancelUrl: `${back}?checkout=cancel`,
    }),
  );
  return { url: session.url };
}
