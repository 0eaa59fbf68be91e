import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StoreIdSchema } from '#shared/schemas/common';
import { MEMBERSHIP_MESSAGES } from '#shared/schemas/membership';
import type { AppContext } from '#server/context';
import { verifyStripeSignature } from '#server/adapters/payments/stripe-billing';
import { AppError } from '#server/http/errors';
import type { App } from '#server/http/types';
import { getStore } from '../stores/index.ts';
import { applyMembershipEvent, parseEvent } from '../membership/index.ts';
import { applyPaymentEvent, orderOfPaymentEvent } from '../orders/index.ts';
import { findWebhookSecret } from '../payments/index.ts';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The events of a store's Stripe account (one endpoint, registered by payments/stripe-webhook-endpoint.ts):
 * a payment-mode checkout session names a built-in storefront order (orders), the rest are vendors'
 * memberships. Its path is the one the first endpoints were registered with.
 */
export function registerStripeWebhookRoutes(app: App, ctx: AppContext) {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // The signature covers the bytes as sent: the body stays raw until it is verified.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/membership/webhook/:store',
      {
        config: { policy: 'public' },
        schema: {
          tags: ['membership', 'orders'],
          summary:
            "The store's Stripe events: memberships and the built-in checkout's card payments (Stripe-Signature checked, each event id applied once)",
          params: z.object({ store: StoreIdSchema }),
          response: { 200: z.object({ received: z.boolean() }) },
        },
      },
      async (request) => {
        const store = await getStore(ctx.db, request.params.store);
        const raw = (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)).toString('utf8');
        const secret = await findWebhookSecret(ctx, store.id);
        const signature = request.headers['stripe-signature'];
        if (!secret || !verifyStripeSignature(secret, Array.isArray(signature) ? signature[0] : signature, raw, ctx.now())) {
          throw new AppError('unauthorized', MEMBERSHIP_MESSAGES.badSignature);
        }
        let event;
        try {
          event = parseEvent(JSON.parse(raw));
        } catch {
          event = null;
        }
        if (!event) throw new AppError('bad_request', 'The body is not a Stripe event');
        const orderId = orderOfPaymentEvent(event);
        if (orderId) await applyPaymentEvent(ctx, store.id, orderId, event);
        else await applyMembershipEvent(ctx, store.id, event);
        return { received: true };
      },
    );
  });
}
