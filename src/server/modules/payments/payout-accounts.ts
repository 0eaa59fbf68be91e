import { and, eq, lt, or } from 'drizzle-orm';
import {
  PAYMENT_MESSAGES,
  type PayPalRegisterBodySchema,
  type PaymentProviderName,
  type StripeRegisterBodySchema,
} from '#shared/schemas/payments';
import type { z } from 'zod';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { stripeAccountIntents, vendorPayoutAccounts, type PaymentProvider } from '#server/db/schema/index';
import { ProviderError, providerErrorMeaning, type StripeAccount } from '#server/adapters/payments/types';
import { runProviderStep } from '#server/lib/provider-step';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { findPayPal, getOfferedStripe, getStripe, offeredProviders, savedProviders } from './provider-keys.ts';

/**
 * The one rule of whose payout registration a call touches: the caller's vendor (a vendor its own,
 * an admin the vendor it switched to), whatever the request says. The marketplace view has none.
 */
function vendorOf(auth: AuthContext): string {
  if (!auth.vendorId) throw new AppError('bad_request', PAYMENT_MESSAGES.chooseVendor);
  return auth.vendorId;
}

/** A vendor's registration with one provider, or null. */
export async function findPayoutAccount(db: Db, storeId: string, vendorId: string, provider: PaymentProvider) {
  const [row] = await db
    .select()
    .from(vendorPayoutAccounts)
    .where(
      and(
        eq(vendorPayoutAccounts.storeId, storeId),
        eq(vendorPayoutAccounts.vendorId, vendorId),
        eq(vendorPayoutAccounts.provider, provider),
      ),
    );
  return row ?? null;
}

async function upsert(ctx: AppContext, values: typeof vendorPayoutAccounts.$inferInsert) {
  await ctx.db
    .insert(vendorPayoutAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: [vendorPayoutAccounts.storeId, vendorPayoutAccounts.vendorId, vendorPayoutAccounts.provider],
      set: { ...values, createdAt: ctx.now() },
    });
}

/** POST paypal/register: the vendor is paid to this PayPal e-mail or Venmo username from now on. */
export async function registerPayPal(ctx: AppContext, auth: AuthContext, body: z.output<typeof PayPalRegisterBodySchema>) {
  const vendorId = vendorOf(auth);
  const isSandbox = (await offeredProviders(ctx, auth.storeId)).get('paypal');
  if (isSandbox === undefined)
    throw new AppError(
      'conflict',
      (await findPayPal(ctx, auth.storeId)) ? PAYMENT_MESSAGES.paypalOff : PAYMENT_MESSAGES.paypalNotConnected,
    );
  // A PayPal receiver needs no onboarding: PayPal holds what it cannot deliver until it is claimed.
  await upsert(ctx, {
    storeId: auth.storeId,
    vendorId,
    provider: 'paypal',
    accountRef: body.emailOrVenmo,
    kind: body.type,
    email: body.type === 'EMAIL' ? body.emailOrVenmo : '',
    isTest: isSandbox,
    canReceive: true,
  });
  return { receiver: body.emailOrVenmo, type: body.type };
}

/** A request talking to Stripe longer than this has died: the next one asks again with its key. */
const STALE_CALL_MS = 60_000;

/** The vendor's account intent, claimed by this request, or a conflict while another request holds it. */
async function claimAccountIntent(ctx: AppContext, storeId: string, vendorId: string) {
  const now = ctx.now();
  const [fresh] = await ctx.db.insert(stripeAccountIntents).values({ storeId, vendorId, updatedAt: now }).onConflictDoNothing().returning();
  if (fresh) return fresh;
  const [retaken] = await ctx.db
    .update(stripeAccountIntents)
    .set({ state: 'calling', updatedAt: now })
    .where(
      and(
        eq(stripeAccountIntents.storeId, storeId),
        eq(stripeAccountIntents.vendorId, vendorId),
        or(eq(stripeAccountIntents.state, 'unknown'), lt(stripeAccountIntents.updatedAt, new Date(now.getTime() - STALE_CALL_MS))),
      ),
    )
    .returning();
  if (!retaken) throw new AppError('conflict', PAYMENT_MESSAGES.accountBeingCreated);
  return retaken;
}

/**
 * POST stripe/register: a connected account is made at Stripe for the vendor, once. The intent row
 * is the lock (parallel registrations of one vendor: one talks to Stripe, the others get a
 * conflict) and its key Stripe's `Idempotency-Key`, so a retry after an unknown outcome gets the
 * account Stripe may already have made instead of a second one.
 */
export async function registerStripe(ctx: AppContext, auth: AuthContext, body: z.output<typeof StripeRegisterBodySchema>) {
  const vendorId = vendorOf(auth);
  const stripe = await getOfferedStripe(ctx, auth.storeId);
  if (await findPayoutAccount(ctx.db, auth.storeId, vendorId, 'stripe'))
    throw new AppError('conflict', PAYMENT_MESSAGES.stripeAccountExists);
  const intent = await claimAccountIntent(ctx, auth.storeId, vendorId);
  const mine = and(
    eq(stripeAccountIntents.storeId, auth.storeId),
    eq(stripeAccountIntents.vendorId, vendorId),
    eq(stripeAccountIntents.idempotencyKey, intent.idempotencyKey),
  );
  return runProviderStep<StripeAccount, { accountId: string }>(
    {
      call: () => stripe.client.createAccount({ ...body, idempotencyKey: intent.idempotencyKey }),
      settle: async (account) => {
        await ctx.db.transaction(async (tx) => {
          await tx
            .insert(vendorPayoutAccounts)
            .values({
              storeId: auth.storeId,
              vendorId,
              provider: 'stripe',
              accountRef: account.id,
              kind: body.country,
              email: body.email,
              isTest: stripe.isTest,
              createdAt: ctx.now(),
            })
            .onConflictDoNothing();
          await tx.delete(stripeAccountIntents).where(mine);
        });
        return { accountId: account.id };
      },
      fail: async (reason) => {
        await ctx.db.delete(stripeAccountIntents).where(mine);
        throw new ProviderError('refused', reason);
      },
      keepPending: async (reason) => {
        await ctx.db.update(stripeAccountIntents).set({ state: 'unknown', updatedAt: ctx.now() }).where(mine);
        throw new ProviderError('unavailable', reason);
      },
      meaning: providerErrorMeaning,
    },
    { lookFirst: false },
  );
}

async function stripeAccountOf(ctx: AppContext, auth: AuthContext, offeredOnly: boolean) {
  const vendorId = vendorOf(auth);
  const stripe = offeredOnly ? await getOfferedStripe(ctx, auth.storeId) : await getStripe(ctx, auth.storeId);
  const account = await findPayoutAccount(ctx.db, auth.storeId, vendorId, 'stripe');
  if (!account) throw new AppError('conflict', PAYMENT_MESSAGES.noStripeAccount);
  return { stripe, accountId: account.accountRef };
}

/** POST stripe/onboard: Stripe's onboarding page for the vendor's account, coming back to our screen. */
export async function openStripeOnboarding(ctx: AppContext, auth: AuthContext) {
  const { stripe, accountId } = await stripeAccountOf(ctx, auth, true);
  const back = `${ctx.config.publicUrl}/app/payments`;
  const link = await stripe.client.createAccountLink({
    accountId,
    refreshUrl: `${back}?stripe=refresh`,
    returnUrl: `${back}?stripe=return`,
  });
  return { url: link.url };
}

/** POST stripe/dashboard: a one-time link into the vendor's Stripe dashboard (after onboarding). */
export async function openStripeDashboard(ctx: AppContext, auth: AuthContext) {
  // The vendor's own dashboard stays reachable while Stripe is switched off: its money is there.
  const { stripe, accountId } = await stripeAccountOf(ctx, auth, false);
  const account = await stripe.client.getAccount(accountId);
  if (!account.detailsSubmitted) throw new AppError('conflict', PAYMENT_MESSAGES.onboardingNotDone);
  return { url: (await stripe.client.createLoginLink(accountId)).url };
}

/** GET stripe/account: the vendor's connected account as Stripe has it now; null when it has none. */
export async function getStripeAccount(ctx: AppContext, auth: AuthContext) {
  const vendorId = vendorOf(auth);
  const account = await findPayoutAccount(ctx.db, auth.storeId, vendorId, 'stripe');
  if (!account) return { account: null };
  const stripe = await getStripe(ctx, auth.storeId);
  const found = await stripe.client.getAccount(account.accountRef);
  await rememberStripeReadiness(ctx, auth.storeId, account.accountRef, found.payoutsEnabled);
  return { account: found };
}

/** What Stripe said of a connected account's payouts, kept for the payouts that must not wait for Stripe to say it again. */
export async function rememberStripeReadiness(ctx: AppContext, storeId: string, accountId: string, payoutsEnabled: boolean) {
  await ctx.db
    .update(vendorPayoutAccounts)
    .set({ canReceive: payoutsEnabled })
    .where(
      and(
        eq(vendorPayoutAccounts.storeId, storeId),
        eq(vendorPayoutAccounts.provider, 'stripe'),
        eq(vendorPayoutAccounts.accountRef, accountId),
      ),
    );
}

/** GET stripe/session: which providers have keys, which the marketplace offers (switched on), and where the caller's vendor is paid (no provider call). */
export async function getPayoutSession(ctx: AppContext, auth: AuthContext) {
  const [saved, offered] = await Promise.all([savedProviders(ctx, auth.storeId), offeredProviders(ctx, auth.storeId)]);
  const rows = auth.vendorId
    ? await ctx.db
        .select()
        .from(vendorPayoutAccounts)
        .where(and(eq(vendorPayoutAccounts.storeId, auth.storeId), eq(vendorPayoutAccounts.vendorId, auth.vendorId)))
    : null;
  const stripe = rows?.find((r) => r.provider === 'stripe');
  const paypal = rows?.find((r) => r.provider === 'paypal');
  return {
    stripe: { active: saved.has('stripe'), offered: offered.has('stripe'), isTestKey: saved.get('stripe') ?? null },
    paypal: { active: saved.has('paypal'), offered: offered.has('paypal'), isSandbox: saved.get('paypal') ?? null },
    accounts: rows && {
      stripe: stripe ? { accountId: stripe.accountRef, email: stripe.email, country: stripe.kind } : null,
      paypal: paypal ? { receiver: paypal.accountRef, type: paypal.kind as 'EMAIL' | 'USER_HANDLE' } : null,
    },
  };
}

/** DELETE payout/register: the vendor is no longer paid through that provider (or either). Payments already made stay. */
export async function unregisterPayout(ctx: AppContext, auth: AuthContext, provider?: PaymentProviderName) {
  const vendorId = vendorOf(auth);
  const removed = await ctx.db
    .delete(vendorPayoutAccounts)
    .where(
      and(
        eq(vendorPayoutAccounts.storeId, auth.storeId),
        eq(vendorPayoutAccounts.vendorId, vendorId),
        provider ? eq(vendorPayoutAccounts.provider, provider) : undefined,
      ),
    )
    .returning({ provider: vendorPayoutAccounts.provider });
  return { removed: removed.map((r) => r.provider).sort() };
}
