import { currencyDecimals } from '#shared/money';
import type { WeightUnit } from '#shared/delivery-rates';
import { ORDER_MESSAGES, type CheckoutAddress } from '#shared/schemas/orders';
import type { AppContext } from '#server/context';
import { chooseDeliveryOption, type DeliveryOption, deliveryOptions, type ShippingPart } from '../delivery/index.ts';
import { readStoreSettings } from '../settings/index.ts';

/** What delivery needs of a cart line (place-checkout's CartLine). */
export interface DeliveryLine {
  vendorId: string;
  /** Grams and minor units, of one item. */
  grams: number;
  price: number;
  quantity: number;
  requiresShipping: boolean;
  localPickup: boolean;
}

/** Each vendor's lines that need shipping, as one part of the delivery (lines that need none ship nothing). */
function shippingParts(lines: DeliveryLine[]): ShippingPart[] {
  const parts = new Map<string, ShippingPart>();
  for (const line of lines.filter((l) => l.requiresShipping)) {
    const part = parts.get(line.vendorId) ?? { vendorId: line.vendorId, totalWeight: 0, totalPrice: 0, localPickup: true };
    part.totalWeight += line.grams * line.quantity;
    part.totalPrice += line.price * line.quantity;
    part.localPickup &&= line.localPickup;
    parts.set(line.vendorId, part);
  }
  return [...parts.values()];
}

/** The delivery options of a cart to an address, in the cart's currency (rates in another are left out). */
export async function checkoutOptions(
  ctx: AppContext,
  storeId: string,
  currency: string,
  lines: DeliveryLine[],
  address: CheckoutAddress,
  email: string,
) {
  const settings = await readStoreSettings(ctx.db, storeId);
  const decimals = currencyDecimals(currency);
  const to = {
    ...address,
    state: address.province,
    email,
    is_residential: !address.company,
    metadata: '',
  };
  const options = await deliveryOptions(
    ctx,
    {
      storeId,
      currency,
      decimals,
      weightUnit: settings.defaultUnits.weight as WeightUnit,
      country: address.country,
      province: address.province,
      to,
    },
    shippingParts(lines),
  );
  return { options, currency, decimals };
}

/**
 * The delivery an order ships with: the option the buyer chose (`shippingRate`), else the cheapest
 * rate; null when nothing in the cart needs shipping. 400 when the address has no delivery or the
 * choice is not offered.
 */
export async function checkoutDelivery(
  ctx: AppContext,
  storeId: string,
  currency: string,
  lines: DeliveryLine[],
  body: { address: CheckoutAddress; email: string; shippingRate?: string },
): Promise<DeliveryOption | null> {
  if (!lines.some((l) => l.requiresShipping)) return null;
  const { options } = await checkoutOptions(ctx, storeId, currency, lines, body.address, body.email);
  return chooseDeliveryOption(options, body.shippingRate, {
    choice: 'shippingRate',
    none: 'address.country',
    noneMessage: ORDER_MESSAGES.noDelivery,
  });
}
