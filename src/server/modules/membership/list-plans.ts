import { toAmountText } from '#shared/money';
import type { AppContext } from '#server/context';
import { fromStripeAmount } from '#server/adapters/payments/stripe-amounts';
import { readStoreSettings } from '../settings/index.ts';
import { findStripeSecret } from '../payments/index.ts';
import { getBilling, viaStripe } from './billing-client.ts';

/**
 * GET stripe/products: the recurring prices on the marketplace's Stripe account, cheapest first.
 * Without Stripe there are no plans yet, which the membership screen says in words: every visit
 * would otherwise be a failed request the reader can do nothing about.
 */
export async function listPlans(ctx: AppContext, storeId: string) {
  const settings = await readStoreSettings(ctx.db, storeId);
  const trialDays = settings.membership.trialDays;
  if (!(await findStripeSecret(ctx, storeId))) return { products: [], trialDays, connected: false };
  const billing = await getBilling(ctx, storeId);
  const prices = await viaStripe(() => billing.listPrices());
  return {
    products: prices.map(({ id, amount, ...rest }) => ({
      priceId: id,
      ...rest,
      amount: toAmountText(fromStripeAmount(amount, rest.currency), rest.currency),
    })),
    trialDays,
    connected: true,
  };
}
