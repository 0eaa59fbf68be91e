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
  ResolveExceptionBodySchema,
  UnregisterAnswerSchema,
} from '#shared/schemas/payments';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import { ProviderError } from '#server/adapters/payments/types';
import { AppError } from '#server/http/errors';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { getPayoutSession, getStripeAccount, openStripeDashboard, openStripeOnboarding, registerPayPal, registerStripe, unregisterPayout } from './payout-accounts.ts';
import { deletePayPalKey, deleteStripeKey, getStripeKey, savePayPalKey, saveStripeKey } from './provider-keys.ts';
import { registerPayoutRecovery } from './settle-payout.ts';
import { listExceptions } from './payout-exceptions.ts';
import { resolveException } from './resolve-exception.ts';

const tags = ['payments'];

/** A provider's refusal is the caller's 400 with the provider's words; no answer at all is a 503. */
async function viaProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError(error.kind === 'unavailable' ? 'unavailable' : 'bad_request', error.message);
    throw error;
  }
}

/** Payment providers (spec §7): the marketplace's keys (admins), each vendor's registration. */
export function registerPaymentRoutes(app: App, ctx: AppContext) {
  registerPayoutRecovery(ctx);

  app.get(
    '/api/stripe/api-key',
    { config: { policy: 'admin' }, schema: { tags, summary: 'Whether a Stripe secret key is active (never the key)', response: { 200: StripeKeyAnswerSchema } } },
    async (request) => getStripeKey(ctx, requireAuth(request)),
  );
  app.put(
    '/api/stripe/api-key',
    {
      config: { policy: 'admin' },
      schema: { tags, summary: "Save the platform's Stripe secret key (checked with Stripe, stored encrypted)", body: StripeKeyBodySchema, response: { 200: StripeKeyAnswerSchema } },
    },
    async (request) => saveStripeKey(ctx, requireAuth(request), request.body.secretKey),
  );
  app.delete(
    '/api/stripe/api-key',
    { config: { policy: 'admin' }, schema: { tags, summary: 'Remove the Stripe secret key', response: { 200: StripeKeyAnswerSchema } } },
    async (request) => deleteStripeKey(ctx, requireAuth(request)),
  );
  app.put(
    '/api/paypal/admin/api-key',
    {
      config: { policy: 'admin' },
      schema: { tags, summary: "Save the marketplace's PayPal REST app (checked with PayPal, stored encrypted)", body: PayPalKeyBodySchema, response: { 200: PayPalKeyAnswerSchema } },
    },
    async (request) => savePayPalKey(ctx, requireAuth(request), request.body),
  );
  app.delete(
    '/api/paypal/admin/api-key',
    { config: { policy: 'admin' }, schema: { tags, summary: 'Remove the PayPal app', response: { 200: PayPalKeyAnswerSchema } } },
    async (request) => deletePayPalKey(ctx, requireAuth(request)),
  );

  app.post(
    '/api/paypal/register',
    {
      config: { policy: 'user' },
      schema: { tags, summary: "The caller's vendor is paid to this PayPal e-mail or Venmo username", body: PayPalRegisterBodySchema, response: { 200: PayPalRegistrationSchema } },
    },
    async (request) => registerPayPal(ctx, requireAuth(request), request.body),
  );
  app.delete(
    '/api/payout/register',
    {
      config: { policy: 'user' },
      schema: { tags, summary: "Disconnect the caller's vendor from a provider (or both)", querystring: PayoutUnregisterQuerySchema, response: { 200: UnregisterAnswerSchema } },
    },
    async (request) => unregisterPayout(ctx, requireAuth(request), request.query.provider),
  );
  app.post(
    '/api/stripe/register',
    {
      config: { policy: 'user' },
      schema: { tags, summary: "Create the caller's vendor's Stripe connected account", body: StripeRegisterBodySchema, response: { 200: StripeRegisterAnswerSchema } },
    },
    async (request) => viaProvider(() => registerStripe(ctx, requireAuth(request), request.body)),
  );
  app.post(
    '/api/stripe/onboard',
    { config: { policy: 'user' }, schema: { tags, summary: "Stripe's onboarding link for the caller's vendor's account", response: { 200: LinkAnswerSchema } } },
    async (request) => viaProvider(() => openStripeOnboarding(ctx, requireAuth(request))),
  );
  app.post(
    '/api/stripe/dashboard',
    { config: { policy: 'user' }, schema: { tags, summary: "A login link to the caller's vendor's Stripe dashboard", response: { 200: LinkAnswerSchema } } },
    async (request) => viaProvider(() => openStripeDashboard(ctx, requireAuth(request))),
  );
  app.get(
    '/api/stripe/account',
    { config: { policy: 'user' }, schema: { tags, summary: "The caller's vendor's Stripe account as Stripe has it (null without one)", response: { 200: StripeAccountAnswerSchema } } },
    async (request) => viaProvider(() => getStripeAccount(ctx, requireAuth(request))),
  );
  app.get(
    '/api/stripe/session',
    {
      config: { policy: 'user' },
      schema: { tags, summary: "The providers the marketplace offers and where the caller's vendor is paid", response: { 200: PayoutSessionSchema } },
    },
    async (request) => getPayoutSession(ctx, requireAuth(request)),
  );

  app.get(
    '/api/payment/exceptions',
    { config: { policy: 'admin' }, schema: { tags, summary: 'Payouts whose fate needs an admin (failed, returned, in doubt, mismatched), open ones first', response: { 200: PayoutExceptionsAnswerSchema } } },
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
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (request) => resolveException(ctx, requireAuth(request), request.params.id, request.body),
  );
}
