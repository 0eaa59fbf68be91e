import { SHIPPING_MESSAGES } from '#shared/schemas/shipping';
import { ShippingProviderError } from '#server/adapters/shipping/index';
import { AppError, badRequest } from '#server/http/errors';
import type { ProviderErrorMeaning } from '#server/lib/provider-step';

/** A provider failure as the caller's error: a refused key or the provider's own words (never a 500). */
export function providerError(error: unknown): never {
  if (!(error instanceof ShippingProviderError)) throw error;
  if (error.refusedKey) throw badRequest(SHIPPING_MESSAGES.providerRefusedKey);
  throw new AppError('conflict', SHIPPING_MESSAGES.providerFailed(error.message));
}

/** The provider answered that it will not do it (a purchase or a refund in ERROR): its words, as the caller's conflict. */
export class LabelRefused extends Error {}

/** What a provider's error means for a label: no answer, a timeout, 429 or 5xx may have done it; a 4xx is a refusal. */
export function labelErrorMeaning(error: unknown): ProviderErrorMeaning {
  if (error instanceof LabelRefused) return 'refused';
  if (!(error instanceof ShippingProviderError)) return null;
  return error.status === undefined || error.status === 429 || error.status >= 500 ? 'unknown' : 'refused';
}
