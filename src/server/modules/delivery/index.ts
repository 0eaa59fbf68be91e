import type { ServerModule } from '#server/server-module';
import { registerDeliveryRoutes } from './routes.ts';

/** The delivery module: delivery zones and the checkout's shipping options. */
export const deliveryModule: ServerModule = { register: registerDeliveryRoutes };

export { chooseDeliveryOption, type DeliveryOption, deliveryOptions, type ShippingPart } from './checkout-shipping.ts';
export { hasShippoKey, keyOwnerFor, shippingAccountOf, shippoKeyContext, vendorKeysAllowed } from './shippo-accounts.ts';
