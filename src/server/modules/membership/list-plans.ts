import type { AppContext } from '#server/context';
import { readStoreSettings } from '../settings/store-settings.ts';
import { getBilling, viaStripe } from './billing-client.ts';

/** GET stripe/products: the recurring prices on the marketplace's Stripe account, cheapest first. */
export async function listPlans(ctx: AppContext, storeId: string) {
  const billing = await getBilling(ctx, storeId);
  const [prices, settings] = await Promise.all([viaStripe(() => billing.listPrices()), readStoreSettings(ctx.db, storeId)]);
  return { products: prices.map(({ id, ...rest }) => ({ priceId: id, ...rest })), trialDays: settings.membership.trialDays };
}
