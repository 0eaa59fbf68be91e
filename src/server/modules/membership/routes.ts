import {
  CheckoutSessionBodySchema,
  MembershipPlansAnswerSchema,
  MembershipSubscriptionAnswerSchema,
  MembershipUrlAnswerSchema,
} from '#shared/schemas/membership';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { getSubscription } from './get-subscription.ts';
import { listPlans } from './list-plans.ts';
import { openBilling } from './open-billing.ts';
import { startCheckout } from './start-checkout.ts';

const tags = ['membership'];
// The card provider's calls are payment-provider integrations: they follow the integrations flag.
const config = { policy: 'user', feature: 'integrations' } as const;

/** Vendors' membership (the card payment provider: products, subscription, checkout-session, billing); its events arrive through stripe-webhooks. */
export function registerMembershipRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/stripe/products',
    {
      config,
      schema: {
        tags,
        summary: 'The membership plans vendors can subscribe to (recurring prices of the marketplace Stripe account)',
        response: { 200: MembershipPlansAnswerSchema },
      },
    },
    async (request) => listPlans(ctx, requireAuth(request).storeId),
  );
  app.get(
    '/api/stripe/subscription',
    {
      config,
      schema: {
        tags,
        summary: "The caller's own vendor membership, its standing and its active products against the limit",
        response: { 200: MembershipSubscriptionAnswerSchema },
      },
    },
    async (request) => getSubscription(ctx, requireAuth(request)),
  );
  app.post(
    '/api/stripe/checkout-session',
    {
      config,
      schema: {
        tags,
        summary: 'A Stripe Checkout page where the vendor subscribes to a plan (priceId)',
        body: CheckoutSessionBodySchema,
        response: { 200: MembershipUrlAnswerSchema },
      },
    },
    async (request) => startCheckout(ctx, requireAuth(request), request.body.priceId),
  );
  app.post(
    '/api/stripe/billing',
    {
      config,
      schema: {
        tags,
        summary: "A one-time URL into the Stripe customer portal of the vendor's membership",
        response: { 200: MembershipUrlAnswerSchema },
      },
    },
    async (request) => openBilling(ctx, requireAuth(request)),
  );
}
