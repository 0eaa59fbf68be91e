import { PAYMENT_MESSAGES, type PaymentProviderName } from '#shared/schemas/payments';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import { activeProviders, findStripe } from './provider-keys.ts';
import { findPayoutAccount } from './payout-accounts.ts';

const NAMES: Record<PaymentProviderName, string> = { stripe: 'Stripe', paypal: 'PayPal' };

/** Where a vendor's provider payout goes (its Stripe account, its PayPal receiver), or why it cannot be paid that way. */
export async function payoutDestination(ctx: AppContext, storeId: string, vendorId: string, provider: PaymentProviderName): Promise<{ destination: string } | { message: string }> {
  if (!(await activeProviders(ctx, storeId)).has(provider)) return { message: provider === 'stripe' ? PAYMENT_MESSAGES.stripeNotConnected : PAYMENT_MESSAGES.paypalNotConnected };
  const account = await findPayoutAccount(ctx.db, storeId, vendorId, provider);
  if (!account) return { message: PAYMENT_MESSAGES.vendorNotConnected.replace('{provider}', NAMES[provider]) };
  return { destination: account.accountRef };
}

/** Stripe's available platform balance in one currency (decimal text); null without Stripe or when it does not answer. */
export async function stripeBalance(ctx: AppContext, storeId: string, currency: string): Promise<string | null> {
  const stripe = await findStripe(ctx, storeId);
  if (!stripe) return null;
  const balance = await stripe.client.getBalance().catch(() => null);
  if (!balance) return null;
  const amount = balance.available.filter((a) => a.currency === currency).reduce((sum, a) => sum + a.amount, 0);
  return formatMinorUnits(amount, currencyDecimals(currency));
}
