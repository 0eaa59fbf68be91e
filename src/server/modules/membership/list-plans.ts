import { toAmountText } from '#shared/money';
import type { AppContext } from '#server/context';
import { fromStripeAmount } from '#server/adapters/payments/stripe-amounts';
import { readStoreSettings } from '../settings/store-settings.ts';
import { getBilling, viaStripe } from './billing-client.ts';

/** GET stripe/products: the recurring prices on the marketplace's Stripe account, cheapest first. */
export async function listPlans(ctx: AppContext, storeId: string) {
  const billing = await getBilling(ctx, storeId);
  const [prices, settings] = await Promise.all([viaStripe(() => billing.listPrices()), readStoreSettings(ctx.db, storeId)]);
  return {
    products: prices.map(({ id, amount, ...rest }) => ({
      priceId: id,
      ...rest,
      amount: toAmountText(fromStripeAmount(amount, rest.currency), rest.currency),
    })),
    trialDays: settings.membership.trialDays,
  };
}
