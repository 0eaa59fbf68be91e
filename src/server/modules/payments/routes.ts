import {
  LinkAnswerSchema,
  PayoutSessionSchema,
  PayoutUnregisterQuerySchema,
  PAYMENT_MESSAGES,
  PayoutExceptionsAnswerSchema,
  PayPalKeyAnswerSchema,
  PayPalKeyBodySchema,
  PayPalRegisterBodySchema,
  PayPalRegistrationSchema,
  StripeAccountAnswerSchema,
  StripeKeyAnswerSchema,
  StripeKeyBodySchema,
  StripeRegisterAnswerSchema,
  StripeRegisterBodySchema,
  ResolveExceptionAnswerSchema,
  ResolveExceptionBodySchema,
  UnregisterAnswerSchema,
} from '#shared/schemas/payments';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StoreIdSchema } from '#shared/schemas/common';
import { verifyStripeSignature } from '#server/adapters/payments/stripe-billing';
import { getStore } from '../stores/index.ts';
import { applyPayoutEvent, parseProviderEvent } from './handle-payout-event.ts';
import { ensurePayoutWebhooks, forgetPayoutWebhooks, paypalWebhookId, stripeWebhookSecrets } from './payout-webhooks.ts';
import type { AppContext } from '#server/context';
import { ProviderError } from '#server/adapters/payments/types';
import { AppError } from '#server/http/errors';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import {
  getPayoutSession,
  getStripeAccount,
  openStripeDashboard,
  openStripeOnboarding,
  registerPayPal,
  registerStripe,
  unregisterPayout,
} from './payout-accounts.ts';
import { deletePayPalKey, deleteStripeKey, findPayPal, getStripeKey, savePayPalKey, saveStripeKey } from './provider-keys.ts';
import { listExceptions } from './payout-exceptions.ts';
import { resolveException } from './resolve-exception.ts';
import { scheduleReconciliation } from './reconcile-payouts.ts';

const tags = ['payments'];
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** A provider's refusal is the caller's 400 with the provider's words; no answer at all is a 503. */
async function viaProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError(error.kind === 'unavailable' ? 'unavailable' : 'bad_request', error.message);
    throw error;
  }
}

/** Payment providers: the marketplace's keys (admins), each vendor's registration. */
export function registerPaymentRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/stripe/api-key',
    {
      config: { policy: 'admin' },
      schema: { tags, summary: 'Whether a Stripe secret key is active (never the key)', response: { 200: StripeKeyAnswerSchema } },
    },
    async (request) => getStripeKey(ctx, requireAuth(request)),
  );
  app.put(
    '/api/stripe/api-key',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: "Save the platform's Stripe secret key (checked with Stripe, stored encrypted)",
        body: StripeKeyBodySchema,
        response: { 200: StripeKeyAnswerSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const answer = await saveStripeKey(ctx, auth, request.body.secretKey);
      await forgetPayoutWebhooks(ctx, auth.storeId, 'stripe');
      await ensurePayoutWebhooks(ctx, auth.storeId);
      await scheduleReconciliation(ctx, auth.storeId);
      return answer;
    },
  );
  app.delete(
    '/api/stripe/api-key',
    { config: { policy: 'admin' }, schema: { tags, summary: 'Remove the Stripe secret key', response: { 200: StripeKeyAnswerSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      await forgetPayoutWebhooks(ctx, auth.storeId, 'stripe');
      return deleteStripeKey(ctx, auth);
    },
  );
  app.put(
    '/api/paypal/admin/api-key',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: "Save the marketplace's PayPal REST app (checked with PayPal, stored encrypted)",
        body: PayPalKeyBodySchema,
        response: { 200: PayPalKeyAnswerSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const answer = await savePayPalKey(ctx, auth, request.body);
      await forgetPayoutWebhooks(ctx, auth.storeId, 'paypal');
      await ensurePayoutWebhooks(ctx, auth.storeId);
      await scheduleReconciliation(ctx, auth.storeId);
      return answer;
    },
  );
  app.delete(
    '/api/paypal/admin/api-key',
    { config: { policy: 'admin' }, schema: { tags, summary: 'Remove the PayPal app', response: { 200: PayPalKeyAnswerSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      await forgetPayoutWebhooks(ctx, auth.storeId, 'paypal');
      return deletePayPalKey(ctx, auth);
    },
  );

  app.post(
    '/api/paypal/register',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "The caller's vendor is paid to this PayPal e-mail or Venmo username",
        body: PayPalRegisterBodySchema,
        response: { 200: PayPalRegistrationSchema },
      },
    },
    async (request) => registerPayPal(ctx, requireAuth(request), request.body),
  );
  app.delete(
    '/api/payout/register',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "Disconnect the caller's vendor from a provider (or both)",
        querystring: PayoutUnregisterQuerySchema,
        response: { 200: UnregisterAnswerSchema },
      },
    },
    async (request) => unregisterPayout(ctx, requireAuth(request), request.query.provider),
  );
  app.post(
    '/api/stripe/register',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "Create the caller's vendor's Stripe connected account",
        body: StripeRegisterBodySchema,
        response: { 200: StripeRegisterAnswerSchema },
      },
    },
    async (request) => viaProvider(() => registerStripe(ctx, requireAuth(request), request.body)),
  );
  app.post(
    '/api/stripe/onboard',
    {
      config: { policy: 'user' },
      schema: { tags, summary: "Stripe's onboarding link for the caller's vendor's account", response: { 200: LinkAnswerSchema } },
    },
    async (request) => viaProvider(() => openStripeOnboarding(ctx, requireAuth(request))),
  );
  app.post(
    '/api/stripe/dashboard',
    {
      config: { policy: 'user' },
      schema: { tags, summary: "A login link to the caller's vendor's Stripe dashboard", response: { 200: LinkAnswerSchema } },
    },
    async (request) => viaProvider(() => openStripeDashboard(ctx, requireAuth(request))),
  );
  app.get(
    '/api/stripe/account',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "The caller's vendor's Stripe account as Stripe has it (null without one)",
        response: { 200: StripeAccountAnswerSchema },
      },
    },
    async (request) => viaProvider(() => getStripeAccount(ctx, requireAuth(request))),
  );
  app.get(
    '/api/stripe/session',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "The providers the marketplace offers and where the caller's vendor is paid",
        response: { 200: PayoutSessionSchema },
      },
    },
    async (request) => getPayoutSession(ctx, requireAuth(request)),
  );

  app.get(
    '/api/payment/exceptions',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Payouts whose fate needs an admin (failed, returned, in doubt, mismatched), open ones first',
        response: { 200: PayoutExceptionsAnswerSchema },
      },
    },
    async (request) => listExceptions(ctx, requireAuth(request)),
  );
  app.post(
    '/api/payment/exceptions/:id/resolve',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Resolve an exception (a payout in doubt: say whether the provider paid it)',
        params: z.object({ id: z.uuid({ error: PAYMENT_MESSAGES.exceptionNotFound }) }),
        body: ResolveExceptionBodySchema,
        response: { 200: ResolveExceptionAnswerSchema },
      },
    },
    async (request) => resolveException(ctx, requireAuth(request), request.params.id, request.body),
  );

  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // The signatures cover the bytes as sent: the body stays raw until it is verified.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    const params = z.object({ store: StoreIdSchema });
    const response = { 200: z.object({ received: z.boolean() }) };
    const rawOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0)).toString('utf8');
    const parsed = (provider: 'stripe' | 'paypal', raw: string) => {
      let event = null;
      try {
        event = parseProviderEvent(provider, JSON.parse(raw));
      } catch {
        event = null;
      }
      if (!event) throw new AppError('bad_request', 'The body is not a provider event');
      return event;
    };

    scope.post(
      '/api/payments/webhook/stripe/:store',
      {
        config: { policy: 'public' },
        schema: {
          tags,
          summary:
            "Stripe's payout events for a store (transfer.reversed, connected accounts' payout.failed): Stripe-Signature checked, each event applied once",
          params,
          response,
        },
      },
      async (request) => {
        const store = await getStore(ctx.db, request.params.store);
        const raw = rawOf(request.body);
        const signature = header(request.headers['stripe-signature']);
        const secrets = await stripeWebhookSecrets(ctx, store.id);
        if (!secrets.some((secret) => verifyStripeSignature(secret, signature, raw, ctx.now())))
          throw new AppError('unauthorized', PAYMENT_MESSAGES.badSignature);
        return { received: await applyPayoutEvent(ctx, store.id, 'stripe', parsed('stripe', raw)) };
      },
    );
    scope.post(
      '/api/payments/webhook/paypal/:store',
      {
        config: { policy: 'public' },
        schema: {
          tags,
          summary: "PayPal's payout item events for a store (PAYMENT.PAYOUTS-ITEM.*): verified with PayPal, each event applied once",
          params,
          response,
        },
      },
      async (request) => {
        const store = await getStore(ctx.db, request.params.store);
        const raw = rawOf(request.body);
        const webhookId = await paypalWebhookId(ctx, store.id);
        const paypal = await findPayPal(ctx, store.id);
        if (!webhookId || !paypal) throw new AppError('unauthorized', PAYMENT_MESSAGES.badSignature);
        const h = request.headers;
        const transmission = {
          authAlgo: header(h['paypal-auth-algo']),
          certUrl: header(h['paypal-cert-url']),
          transmissionId: header(h['paypal-transmission-id']),
          transmissionSig: header(h['paypal-transmission-sig']),
          transmissionTime: header(h['paypal-transmission-time']),
        };
        const verified = await viaProvider(() => paypal.client.verifyWebhook({ webhookId, headers: transmission, rawBody: raw }));
        if (!verified) throw new AppError('unauthorized', PAYMENT_MESSAGES.badSignature);
        return { received: await applyPayoutEvent(ctx, store.id, 'paypal', parsed('paypal', raw)) };
      },
    );
  });
}
