import type { ServerModule } from '#server/server-module';
import { readOfferForCheckout } from './checkout-offer.ts';
import { registerOfferExpiry } from './expire-offers.ts';
import { registerOfferRoutes } from './routes.ts';

/** The offers module: offers, held stock, expiry; the checkout's reader of an accepted offer. */
export const offersModule: ServerModule = {
  register: registerOfferRoutes,
  jobs: registerOfferExpiry,
  contributes: { checkoutOffers: readOfferForCheckout },
};
