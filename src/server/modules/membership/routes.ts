import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StoreIdSchema } from '#shared/schemas/common';
import {
  CheckoutSessionBodySchema,
  MEMBERSHIP_MESSAGES,
  MembershipPlansAnswerSchema,
  MembershipSubscriptionAnswerSchema,
  MembershipUrlAnswerSchema,
} from '#shared/schemas/membership';
import type { AppContext } from '#server/context';
import { verifyStripeSignature } from '#server/adapters/payments/stripe-billing';
import { AppError } from '#server/http/errors';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { getStore } from '../stores/find-store.ts';
import { getSubscription } from './get-subscription.ts';
import { applyMembershipEvent, parseEvent } from './handle-event.ts';
import { listPlans } from './list-plans.ts';
import { openBilling } from './open-billing.ts';
import { startCheckout } from './start-checkout.ts';
import { findWebhookSecret } from './webhook-endpoint.ts';

const tags = ['membership'];
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
// The card provider's calls are payment-provider integrations (spec §7): they follow the integrations flag.
const config = { policy: 'user', feature: 'integrations' } as const;

/** Vendors' membership (spec §7 card payment provider: products, subscription, checkout-session, billing) and its webhooks. */
export function registerMembershipRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/stripe/products',
    { config, schema: { tags, summary: 'The membership plans vendors can subscribe to (recurring prices of the marketplace Stripe account)', response: { 200: MembershipPlansAnswerSchema } } },
    async (request) => listPlans(ctx, requireAuth(request).storeId),
  );
  app.get(
    '/api/stripe/subscription',
    { config, schema: { tags, summary: "The caller's own vendor membership, its standing and its active products against the limit", response: { 200: MembershipSubscriptionAnswerSchema } } },
    async (request) => getSubscription(ctx, requireAuth(request)),
  );
  app.post(
    '/api/stripe/checkout-session',
    {
      config,
      schema: { tags, summary: 'A Stripe Checkout page where the vendor subscribes to a plan (priceId)', body: CheckoutSessionBodySchema, response: { 200: MembershipUrlAnswerSchema } },
    },
    async (request) => startCheckout(ctx, requireAuth(request), request.body.priceId),
  );
  app.post(
    '/api/stripe/billing',
    { config, schema: { tags, summary: "A one-time URL into the Stripe customer portal of the vendor's membership", response: { 200: MembershipUrlAnswerSchema } } },
    async (request) => openBilling(ctx, requireAuth(request)),
  );

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
          tags,
          summary: "The card provider's membership events for a store (Stripe-Signature checked, each event id applied once)",
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
        await applyMembershipEvent(ctx, store.id, event);
        return { received: true };
      },
    );
  });
}
