import { formatMinorUnits } from '#shared/money';
import type { CheckoutRatesBody } from '#shared/schemas/orders';
import type { AppContext } from '#server/context';
import { checkoutOptions } from './checkout-delivery.ts';
import { cartLines, orderCurrency } from './place-checkout.ts';

/**
 * POST storefront/checkout/rates: what the buyer can choose for this cart and address and what
 * each costs, priced as POST storefront/checkout will (its `shippingRate` takes an option's id).
 */
export async function quoteCheckoutRates(ctx: AppContext, storeId: string, body: CheckoutRatesBody) {
  const lines = await cartLines(ctx.db, storeId, body);
  const { options, currency, decimals } = await checkoutOptions(ctx, storeId, orderCurrency(lines), lines, body.address, body.email ?? '');
  return { currency, options: options.map((o) => ({ ...o, price: formatMinorUnits(o.price, decimals) })) };
}
