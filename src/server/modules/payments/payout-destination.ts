import { and, eq, inArray } from 'drizzle-orm';
import { PAYMENT_MESSAGES, PAYMENT_PROVIDERS, type PaymentProviderName } from '#shared/schemas/payments';
import { toAmountText } from '#shared/money';
import type { AppContext } from '#server/context';
import { vendorPayoutAccounts } from '#server/db/schema/index';
import { findStripe, offeredProviders, savedProviders } from './provider-keys.ts';
import { rememberStripeReadiness } from './payout-accounts.ts';

const NAMES: Record<PaymentProviderName, string> = { stripe: 'Stripe', paypal: 'PayPal' };
const NOT_CONNECTED: Record<PaymentProviderName, string> = {
  stripe: PAYMENT_MESSAGES.stripeNotConnected,
  paypal: PAYMENT_MESSAGES.paypalNotConnected,
};
const SWITCHED_OFF: Record<PaymentProviderName, string> = { stripe: PAYMENT_MESSAGES.stripeOff, paypal: PAYMENT_MESSAGES.paypalOff };

/**
 * Where a vendor's provider payout goes (its Stripe account, its PayPal receiver), or why it cannot
 * be paid that way; `absent` when there is nothing to fix there (no key, or no account of the vendor).
 */
export type PayoutTarget = { destination: string } | { message: string; absent: boolean };
export type PayoutTargets = (vendorId: string) => Record<PaymentProviderName, PayoutTarget>;

/**
 * The one rule of how each vendor can be paid through a provider now: the provider offered by the
 * store (key saved, switched on), the vendor's account there made in the same mode as the key (a
 * test-mode account does not exist for a live key), and able to receive money (Stripe: its
 * onboarding done, payouts enabled as last heard; a PayPal receiver always). With `refresh`, the
 * Stripe accounts not known to be ready are asked about first (outside any transaction), so an
 * onboarding finished without a word from Stripe still counts.
 */
export async function payoutTargets(ctx: AppContext, storeId: string, vendorIds: string[], refresh = false): Promise<PayoutTargets> {
  const offered = await offeredProviders(ctx, storeId);
  const select = () =>
    vendorIds.length === 0
      ? Promise.resolve([])
      : ctx.db
          .select()
          .from(vendorPayoutAccounts)
          .where(and(eq(vendorPayoutAccounts.storeId, storeId), inArray(vendorPayoutAccounts.vendorId, vendorIds)));
  let accounts = await select();
  const unready = accounts.filter((a) => a.provider === 'stripe' && !a.canReceive && a.isTest === offered.get('stripe'));
  if (refresh && unready.length > 0) {
    const stripe = await findStripe(ctx, storeId);
    for (const account of stripe ? unready : []) {
      // No answer leaves it as it was: not ready.
      const found = await stripe!.client.getAccount(account.accountRef).catch(() => null);
      if (found) await rememberStripeReadiness(ctx, storeId, account.accountRef, found.payoutsEnabled);
    }
    accounts = await select();
  }
  const saved = await savedProviders(ctx, storeId);
  const targetOf = (vendorId: string, provider: PaymentProviderName): PayoutTarget => {
    if (!saved.has(provider)) return { message: NOT_CONNECTED[provider], absent: true };
    if (!offered.has(provider)) return { message: SWITCHED_OFF[provider], absent: false };
    const account = accounts.find((a) => a.vendorId === vendorId && a.provider === provider && a.isTest === offered.get(provider));
    if (!account) return { message: PAYMENT_MESSAGES.vendorNotConnected.replace('{provider}', NAMES[provider]), absent: true };
    if (!account.canReceive) return { message: PAYMENT_MESSAGES.stripeNotReady, absent: false };
    return { destination: account.accountRef };
  };
  return (vendorId) =>
    Object.fromEntries(PAYMENT_PROVIDERS.map((provider) => [provider, targetOf(vendorId, provider)])) as Record<
      PaymentProviderName,
      PayoutTarget
    >;
}

/** Where one vendor's payout through a provider goes now, or why it cannot. */
export async function payoutDestination(
  ctx: AppContext,
  storeId: string,
  vendorId: string,
  provider: PaymentProviderName,
): Promise<PayoutTarget> {
  return (await payoutTargets(ctx, storeId, [vendorId]))(vendorId)[provider];
}

/** Stripe's available platform balance in one currency; null without Stripe or when it does not answer. */
export async function stripeBalance(
  ctx: AppContext,
  storeId: string,
  currency: string,
): Promise<{ amount: string; currency: string } | null> {
  const stripe = await findStripe(ctx, storeId);
  if (!stripe) return null;
  const balance = await stripe.client.getBalance().catch(() => null);
  if (!balance) return null;
  const amount = balance.available.filter((a) => a.currency === currency).reduce((sum, a) => sum + a.amount, 0);
  return { amount: toAmountText(amount, currency), currency };
}
