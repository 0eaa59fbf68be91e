import { z } from 'zod';
import {
  BuyerAnswerBodySchema,
  BuyerOfferAnswerSchema,
  MakeOfferAnswerSchema,
  MakeOfferBodySchema,
  OFFER_TOKEN_HEADER,
  OfferActionAnswerSchema,
  OfferActionBodySchema,
  OfferListAnswerSchema,
  OfferListQuerySchema,
  OfferSettingsBodySchema,
  VendorOfferSettingsSchema,
} from '#shared/schemas/offers';
import { StoreQuerySchema } from '#shared/schemas/public';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { resolvePublicStore } from '../stores/index.ts';
import { actOnOffer } from './act-on-offer.ts';
import { answerCounterOffer, readBuyerOffer } from './buyer-offer.ts';
import { listOffers } from './list-offers.ts';
import { makeOffer } from './make-offer.ts';
import { saveOfferSettings, saveVendorOfferSettings } from './save-offer-settings.ts';

const tags = ['offers'];
/** Per-address limits of the buyers' calls (the per-buyer limit of new offers is in make-offer.ts). */
const OFFER_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
const BUYER_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
const TokenHeaders = z.object({ [OFFER_TOKEN_HEADER]: z.string().max(500).optional() }).loose();
const TokenQuery = z.object({ token: z.string().max(500).optional() });
const buyerNote = 'For the buyer, with the offer token of the mailed link in the X-Offer-Token header (or ?token=)';

const tokenOf = (request: { headers: FastifyRequest['headers']; query: { token?: string } }) => {
  const header = request.headers[OFFER_TOKEN_HEADER];
  return typeof header === 'string' && header ? header : request.query.token;
};

export function registerOfferRoutes(app: App, ctx: AppContext) {
  app.post(
    '/api/public/make-an-offer',
    {
      config: { policy: 'public', feature: 'makeAnOffer', rateLimit: OFFER_RATE_LIMIT },
      schema: {
        tags,
        summary:
          "A buyer offers a unit price below the listed one for a quantity of a variant (the store's and the vendor's offers must be on); the vendor and the buyer are mailed",
        querystring: StoreQuerySchema,
        body: MakeOfferBodySchema,
        response: { 201: MakeOfferAnswerSchema },
      },
    },
    async (request, reply) => {
      const store = await resolvePublicStore(ctx, request.query.store ?? request.body.store, request.hostname);
      return reply.status(201).send(await makeOffer(ctx, store.id, request.body));
    },
  );

  app.get(
    '/api/offers',
    {
      config: { policy: 'user', feature: 'makeAnOffer', readAhead: true },
      schema: {
        tags,
        summary:
          "Offers, newest first, 25 a page (a vendor its own products', an admin all); status all, pending, rejected, countered, accepted, completed; q matches the buyer's e-mail or the product",
        querystring: OfferListQuerySchema,
        response: { 200: OfferListAnswerSchema },
      },
    },
    async (request) => listOffers(ctx, requireAuth(request), request.query),
  );

  app.post(
    '/api/offers/action',
    {
      config: { policy: 'user', feature: 'makeAnOffer' },
      schema: {
        tags,
        summary:
          'Accept, reject or counter (counterOffer, between the offer and the price) a pending offer; a countered one can still be rejected',
        body: OfferActionBodySchema,
        response: { 200: OfferActionAnswerSchema },
      },
    },
    async (request) => actOnOffer(ctx, requireAuth(request), request.body),
  );

  app.put(
    '/api/offers/settings',
    {
      config: { policy: 'admin', feature: 'makeAnOffer' },
      schema: {
        tags,
        summary:
          "The store's offer hours: how long a pending or countered offer waits for an answer, how long an accepted one holds its stock for the checkout",
        body: OfferSettingsBodySchema,
        response: { 200: OfferSettingsBodySchema },
      },
    },
    async (request) => saveOfferSettings(ctx, requireAuth(request), request.body),
  );

  app.put(
    '/api/offers/vendor-settings',
    {
      config: { policy: 'user', feature: 'makeAnOffer' },
      schema: {
        tags,
        summary: "Whether buyers may make offers on the vendor's products (a vendor, or an admin in a vendor's view)",
        body: VendorOfferSettingsSchema,
        response: { 200: VendorOfferSettingsSchema },
      },
    },
    async (request) => saveVendorOfferSettings(ctx, requireAuth(request), request.body),
  );

  app.get(
    '/api/public/offer',
    {
      config: { policy: 'public', rateLimit: BUYER_RATE_LIMIT },
      schema: {
        tags,
        summary: `The buyer's view of an offer and its history. ${buyerNote}`,
        querystring: TokenQuery,
        headers: TokenHeaders,
        response: { 200: BuyerOfferAnswerSchema },
      },
    },
    async (request) => readBuyerOffer(ctx, tokenOf(request)),
  );

  app.post(
    '/api/public/offer/answer',
    {
      config: { policy: 'public', rateLimit: BUYER_RATE_LIMIT },
      schema: {
        tags,
        summary: `The buyer accepts (then checks out at that price through POST storefront/checkout with offerToken) or declines the seller's counter-offer. ${buyerNote}`,
        querystring: TokenQuery,
        headers: TokenHeaders,
        body: BuyerAnswerBodySchema,
        response: { 200: BuyerOfferAnswerSchema },
      },
    },
    async (request) => answerCounterOffer(ctx, tokenOf(request), request.body.action),
  );
}
