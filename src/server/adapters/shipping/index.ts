import type { Config } from '#server/config';
import { createShippoProvider } from './shippo.ts';
import type { ShippingProvider } from './types.ts';

export {
  SHIPPING_TIMEOUT_MS,
  ShippingProviderError,
  type ShippingAccount,
  type ShippingProvider,
  type ProviderAddress,
  type ProviderParcel,
  type ProviderPurchase,
  type ProviderRate,
} from './types.ts';
export { createShippoProvider, SHIPPO_BASE_URL } from './shippo.ts';

/**
 * The shipping-label port. Without a Shippo key a store ships at its flat and local rates (the
 * embedded default: zones, no labels); with one, labels are bought from Shippo at SHIPPO_BASE_URL.
 */
export function createShippingProvider(config: Pick<Config, 'shippo'>): ShippingProvider {
  return createShippoProvider(config.shippo.baseUrl);
}
