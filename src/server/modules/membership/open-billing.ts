import { MEMBERSHIP_MESSAGES } from '#shared/schemas/membership';
import type { AppContext } from '#server/context';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getBilling, requireVendor, viaStripe } from './billing-client.ts';
import { findMembership } from './vendor-standing.ts';

/** POST stripe/billing: the customer portal of the vendor's own Stripe customer (cards, invoices, cancel). */
export async function openBilling(ctx: AppContext, auth: AuthContext) {
  const vendorId = requireVendor(auth);
  const membership = await findMembership(ctx.db, auth.storeId, vendorId);
  if (!membership?.customerId) throw new AppError('conflict', MEMBERSHIP_MESSAGES.noSubscription);
  const billing = await getBilling(ctx, auth.storeId);
  return viaStripe(() =>
    billing.createPortalSession({ customerId: membership.customerId!, returnUrl: `${ctx.config.publicUrl}/app/membership` }),
  );
}
