import { PAYMENT_MESSAGES } from '#shared/schemas/payments';
import { MEMBERSHIP_MESSAGES } from '#shared/schemas/membership';
import type { AppContext } from '#server/context';
import { ProviderError } from '#server/adapters/payments/types';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { findStripeSecret } from '../payments/index.ts';

/** The marketplace's Stripe Billing, with the key the payments module stores; 409 while none is saved. */
export async function getBilling(ctx: AppContext, storeId: string) {
  const secret = await findStripeSecret(ctx, storeId);
  if (!secret) throw new AppError('conflict', PAYMENT_MESSAGES.stripeNotConnected);
  return ctx.payments.stripeBilling(secret);
}

/** A provider's refusal is the caller's 400 with its words; no answer is a 503. */
export async function viaStripe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError(error.kind === 'unavailable' ? 'unavailable' : 'bad_request', error.message);
    throw error;
  }
}

/** The vendor a membership call is about: always the session's own (an admin must switch to a vendor first). */
export function requireVendor(auth: AuthContext): string {
  if (!auth.vendorId) throw new AppError('bad_request', MEMBERSHIP_MESSAGES.chooseVendor);
  return auth.vendorId;
}
