import { OFFER_MESSAGES, type OfferSettings } from '#shared/schemas/offers';
import type { AppContext } from '#server/context';
import { badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { patchStoreSettings, patchVendorSettings } from '../settings/index.ts';

/** PUT offers/settings: the store's hours (how long offers wait for an answer, how long an accepted one holds its stock). */
export async function saveOfferSettings(ctx: AppContext, auth: AuthContext, body: OfferSettings) {
  return (await patchStoreSettings(ctx.db, auth.storeId, { offers: body })).offers;
}

/** PUT offers/vendor-settings: a vendor (or an admin in its view) takes offers on its products, or not. */
export async function saveVendorOfferSettings(ctx: AppContext, auth: AuthContext, body: { acceptsOffers: boolean }) {
  if (!auth.vendorId) throw badRequest(OFFER_MESSAGES.switchToVendor);
  await patchVendorSettings(ctx.db, auth.storeId, auth.vendorId, { acceptsOffers: body.acceptsOffers });
  return { acceptsOffers: body.acceptsOffers };
}
