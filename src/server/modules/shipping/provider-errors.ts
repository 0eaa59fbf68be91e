import { SHIPPING_MESSAGES } from '#shared/schemas/shipping';
import { ShippingProviderError } from '#server/adapters/shipping/index';
import { AppError, badRequest } from '#server/http/errors';

/** A provider failure as the caller's error: a refused key or the provider's own words (never a 500). */
export function providerError(error: unknown): never {
  if (!(error instanceof ShippingProviderError)) throw error;
  if (error.refusedKey) throw badRequest(SHIPPING_MESSAGES.providerRefusedKey);
  throw new AppError('conflict', SHIPPING_MESSAGES.providerFailed(error.message));
}
