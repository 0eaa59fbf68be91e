import useSWR, { mutate } from 'swr';
import {
  OfferActionAnswerSchema,
  OfferActionBodySchema,
  OfferListAnswerSchema,
  OfferListQuerySchema,
  OfferSettingsBodySchema,
  VendorOfferSettingsSchema,
  type OfferListQuery,
} from '#shared/schemas/offers';
import { endpoint } from '#web/api/endpoint.ts';

export type { Offer, OfferHistoryEntry, OfferListQuery, OfferStatusFilter } from '#shared/schemas/offers';

const OFFERS_KEY = 'offers';

const listOffers = endpoint({ path: 'offers', request: OfferListQuerySchema, answer: OfferListAnswerSchema });
/** POST offers/action: accept, reject or counter (with counterOffer). */
export const actOnOffer = endpoint({
  method: 'POST',
  path: 'offers/action',
  request: OfferActionBodySchema,
  answer: OfferActionAnswerSchema,
});

/** GET offers: one page; the previous page stays on screen while the next one loads. */
export function useOffers(query: OfferListQuery) {
  return useSWR([OFFERS_KEY, query], () => listOffers(query), { keepPreviousData: true });
}

/** After an action every page and tab is stale (the offer moves between tabs; competing offers may be declined too). */
export function revalidateOffers() {
  return mutate((key) => Array.isArray(key) && key[0] === OFFERS_KEY);
}

/** PUT offers/settings (admins): the store's offer hours. */
export const saveOfferSettings = endpoint({
  method: 'PUT',
  path: 'offers/settings',
  request: OfferSettingsBodySchema,
  answer: OfferSettingsBodySchema,
});
/** PUT offers/vendor-settings: whether the vendor takes offers. */
export const saveVendorOfferSettings = endpoint({
  method: 'PUT',
  path: 'offers/vendor-settings',
  request: VendorOfferSettingsSchema,
  answer: VendorOfferSettingsSchema,
});
