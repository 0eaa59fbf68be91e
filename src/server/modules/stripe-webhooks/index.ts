import type { ServerModule } from '#server/server-module';
import { registerStripeWebhookRoutes } from './routes.ts';

/** The stripe-webhooks module: Stripe's webhooks. */
export const stripeWebhooksModule: ServerModule = { register: registerStripeWebhookRoutes };
