import ky from 'ky';
import useSWR from 'swr';
import { HTTP_TIMEOUT_MS } from '#shared/limits';
import { OFFER_TOKEN_HEADER, type BuyerOffer } from '#shared/schemas/offers';
import type { CheckoutAnswer, CheckoutBody } from '#shared/schemas/orders';
import { call } from '#web/api/client.ts';

/**
 * A buyer is not signed in: its calls carry the offer token of the mailed link (X-Offer-Token)
 * instead of a session, so they use their own client that waits for no session.
 */
const buyerHttp = (token: string) =>
  ky.create({
    prefixUrl: '/api',
    timeout: HTTP_TIMEOUT_MS,
    headers: { [OFFER_TOKEN_HEADER]: token },
    retry: { limit: 2, methods: ['get'] },
  });

export function useBuyerOffer(token: string) {
  return useSWR(['buyer-offer', token], () => call<{ offer: BuyerOffer }>(() => buyerHttp(token).get('public/offer'), 'GET'));
}

/** The buyer's answer to the seller's counter-offer. */
export function answerCounterOffer(token: string, action: 'accept' | 'decline') {
  return call<{ offer: BuyerOffer }>(() => buyerHttp(token).post('public/offer/answer', { json: { action } }), 'POST');
}

/** The built-in checkout (POST storefront/checkout) of the offer's line at the agreed price. */
export function checkOutOffer(token: string, body: Omit<CheckoutBody, 'offerToken'>) {
  return call<CheckoutAnswer>(() => buyerHttp(token).post('storefront/checkout', { json: { ...body, offerToken: token } }), 'POST');
}
