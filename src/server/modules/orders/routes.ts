import { CheckoutAnswerSchema, CheckoutBodySchema } from '#shared/schemas/orders';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { resolvePublicStore } from '../stores/find-store.ts';
import { placeCheckout } from './place-checkout.ts';

/** Buyers check out from storefront pages: per-address limit (429 after). */
export const CHECKOUT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export function registerOrderRoutes(app: App, ctx: AppContext) {
  app.post(
    '/api/storefront/checkout',
    {
      config: { policy: 'public', rateLimit: CHECKOUT_RATE_LIMIT },
      schema: {
        tags: ['orders'],
        summary: "The built-in storefront's checkout: an order of approved, active products, priced, shipped and stocked by the server",
        body: CheckoutBodySchema,
        response: { 200: CheckoutAnswerSchema },
      },
    },
    async (request) => {
      const store = await resolvePublicStore(ctx, request.body.store, request.hostname);
      return placeCheckout(ctx, store.id, request.body);
    },
  );
}
