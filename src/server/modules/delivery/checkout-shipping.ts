import { applicableRates, WEIGHT_UNIT_GRAMS, type WeightUnit } from '#shared/delivery-rates';
import { currencyDecimals, formatMinorUnits, roundToMinorUnits } from '#shared/money';
import {
  DELIVERY_MESSAGES,
  DELIVERY_OPTION_IDS,
  DELIVERY_OPTION_NAMES,
  type DeliveryPreviewBody,
  type DeliverySettings,
} from '#shared/schemas/delivery';
import type { MASS_UNITS } from '#shared/schemas/vendor-settings';
import { ShippingProviderError, type ProviderAddress } from '#server/adapters/shipping/index';
import type { AppContext } from '#server/context';
import { MARKETPLACE_OWNER } from '#server/db/schema/index';
import { amountFromBody } from '#server/http/amounts';
import { badRequest } from '#server/http/errors';
import { readStoreSettings, readVendorSettings } from '../settings/index.ts';
import { readDeliverySettings } from './delivery-settings.ts';
import { listDeliveryZones, type StoredZone } from './delivery-zones.ts';
import { keyOwnerFor, shippingAccountOf } from './shippo-accounts.ts';

/**
 * What a buyer can choose to have a cart delivered with, and what each choice costs, from the
 * delivery settings (docs/decisions/delivery.md, "Shipping at the checkout"). A cart is cut into parts, one per
 * vendor (null: the marketplace's own, for its preview); only parts that need shipping count.
 *
 * The marketplace's settings decide for the store:
 * - `enabled` false: vendors' own delivery is off; every part ships at the marketplace's zones.
 *   true / 'override': a vendor ships at its own zones, else the marketplace's defaults
 *   (`defaultShipping.zones` when `defaultShipping.enabled`, else every marketplace zone), and its
 *   own flat / live / pickup switches count too (a rate source is used when both allow it).
 * - The options: 'override' offers the marketplace's `rateNames`, in order: the n-th name is each
 *   part's n-th cheapest rate. Else `enableRateNames` offers each rate name every part has, at each
 *   part's cheapest rate of that name. Else one "Shipping" option at each part's cheapest rate.
 *   "Local pickup" (free) is added when pickup is allowed for every part and every product of it.
 * - Rates: the zones' flat rates (`enableFlatRates`) and the carriers' live rates from Shippo
 *   (`enableLiveRates`, with a key; named "Carrier Service"), in the cart's currency only: a zone
 *   priced in another currency is left out, never read as this one's minor units.
 */

export interface ShippingPart {
  vendorId: string | null;
  /** Grams. */
  totalWeight: number;
  /** Minor units. */
  totalPrice: number;
  /** Every product of the part allows local pickup. */
  localPickup: boolean;
}

export interface DeliveryOption {
  id: string;
  name: string;
  /** Minor units. */
  price: number;
  kind: 'rate' | 'pickup';
}

interface PartOffer {
  /** Cheapest first. */
  rates: { name: string; priceMinor: number }[];
  pickup: boolean;
}

interface Quote {
  storeId: string;
  /** The cart's currency (a preview's: the store's), which every rate must be in. */
  currency: string;
  decimals: number;
  weightUnit: WeightUnit;
  country: string;
  province: string;
  /** The buyer's whole address, for live rates; null (a preview without one): no live rates. */
  to: ProviderAddress | null;
}

const MASS_UNIT_GRAMS: Record<(typeof MASS_UNITS)[number], number> = {
  g: 1,
  kg: 1000,
  oz: WEIGHT_UNIT_GRAMS.OUNCES,
  lb: WEIGHT_UNIT_GRAMS.POUNDS,
};

/** The carriers' rates for a part, from the ship-from address and default package of its vendor (else the marketplace's). */
async function liveRates(ctx: AppContext, quote: Quote, part: ShippingPart): Promise<PartOffer['rates']> {
  if (!quote.to) return [];
  const owner = await keyOwnerFor(ctx.db, quote.storeId, part.vendorId ?? MARKETPLACE_OWNER);
  if (!owner) return [];
  const store = await readStoreSettings(ctx.db, quote.storeId);
  const vendor = part.vendorId ? await readVendorSettings(ctx.db, quote.storeId, part.vendorId) : null;
  const shipFrom = vendor?.shipFromAddress ? vendor : store.shipFrom;
  if (!shipFrom.shipFromAddress) return [];
  const pack = shipFrom.defaultPackage;
  const weight = Number((part.totalWeight / MASS_UNIT_GRAMS[pack.massUnit]).toPrecision(12));
  try {
    const account = await shippingAccountOf(ctx, ctx.db, quote.storeId, owner);
    const { rates } = await account.quote({ from: shipFrom.shipFromAddress, to: quote.to, parcels: [{ ...pack, weight }] });
    return rates
      .filter((r) => r.currency.toUpperCase() === quote.currency)
      .map((r) => ({ name: `${r.carrier} ${r.service}`.trim(), priceMinor: roundToMinorUnits(r.amount, quote.decimals) }));
  } catch (error) {
    // A provider that cannot quote leaves the buyer the other options, never a failed checkout.
    if (error instanceof ShippingProviderError) return [];
    throw error;
  }
}

/** The rates and pickup a part can use under the marketplace's settings (and its vendor's, where vendors' delivery is on). */
async function offerOf(
  ctx: AppContext,
  quote: Quote,
  market: DeliverySettings,
  marketZones: StoredZone[],
  part: ShippingPart,
): Promise<PartOffer> {
  const vendorDelivery = market.enabled !== false && part.vendorId !== null;
  const own = vendorDelivery ? await readDeliverySettings(ctx.db, quote.storeId, part.vendorId) : null;
  const allows = (flag: 'enableFlatRates' | 'enableLiveRates' | 'enableLocalPickup') => market[flag] && (own?.[flag] ?? true);
  let zones: StoredZone[] = [];
  if (allows('enableFlatRates')) {
    const ownZones = vendorDelivery ? await listDeliveryZones(ctx.db, { storeId: quote.storeId, vendorId: part.vendorId }) : [];
    const defaults =
      vendorDelivery && market.defaultShipping.enabled
        ? marketZones.filter((z) => market.defaultShipping.zones.includes(z.id))
        : marketZones;
    zones = (ownZones.length ? ownZones : defaults).filter((z) => z.currency === quote.currency);
  }
  const cart = { country: quote.country, province: quote.province || null, totalWeight: part.totalWeight, totalPrice: part.totalPrice };
  const flat = applicableRates(zones, cart, { weightUnit: quote.weightUnit, currencyDecimals: quote.decimals }).map((r) => ({
    name: r.rate.name,
    priceMinor: r.priceMinor,
  }));
  const live = allows('enableLiveRates') ? await liveRates(ctx, quote, part) : [];
  return { rates: [...flat, ...live].sort((a, b) => a.priceMinor - b.priceMinor), pickup: allows('enableLocalPickup') && part.localPickup };
}

const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);

/** The options of every part together (see the file comment); rates first, cheapest first, then pickup. */
function combineOffers(market: DeliverySettings, offers: PartOffer[]): DeliveryOption[] {
  if (offers.length === 0) return [];
  const rate = (name: string, price: number): DeliveryOption => ({ id: `rate:${name}`, name, price, kind: 'rate' });
  let options: DeliveryOption[] = [];
  if (market.enabled === 'override') {
    options = market.rateNames.flatMap((name, n) =>
      offers.every((o) => o.rates.length > n) ? [rate(name, sum(offers.map((o) => o.rates[n].priceMinor)))] : [],
    );
  } else if (market.enableRateNames) {
    const names = [...new Set(offers[0].rates.map((r) => r.name))].filter((name) =>
      offers.every((o) => o.rates.some((r) => r.name === name)),
    );
    // Each part's rates are cheapest first: the first of a name is its cheapest.
    options = names
      .map((name) => rate(name, sum(offers.map((o) => o.rates.find((r) => r.name === name)!.priceMinor))))
      .sort((a, b) => a.price - b.price);
  } else if (offers.every((o) => o.rates.length > 0)) {
    options = [
      {
        id: DELIVERY_OPTION_IDS.shipping,
        name: DELIVERY_OPTION_NAMES.shipping,
        price: sum(offers.map((o) => o.rates[0].priceMinor)),
        kind: 'rate',
      },
    ];
  }
  if (offers.every((o) => o.pickup))
    options.push({ id: DELIVERY_OPTION_IDS.localPickup, name: DELIVERY_OPTION_NAMES.localPickup, price: 0, kind: 'pickup' });
  return options;
}

/** The delivery options of a cart's parts (only those that need shipping). */
export async function deliveryOptions(ctx: AppContext, quote: Quote, parts: ShippingPart[]): Promise<DeliveryOption[]> {
  if (parts.length === 0) return [];
  const market = await readDeliverySettings(ctx.db, quote.storeId, null);
  const marketZones = await listDeliveryZones(ctx.db, { storeId: quote.storeId, vendorId: null });
  const offers: PartOffer[] = [];
  for (const part of parts) offers.push(await offerOf(ctx, quote, market, marketZones, part));
  return combineOffers(market, offers);
}

/**
 * The option the buyer chose, or without a choice the cheapest rate (pickup only when it is all
 * there is); 400 at `path` when the choice is not among the options, or when there is none.
 */
export function chooseDeliveryOption(
  options: DeliveryOption[],
  choice: string | undefined,
  paths: { choice: string; none: string; noneMessage: string },
): DeliveryOption {
  if (options.length === 0) throw badRequest(paths.noneMessage, [{ path: paths.none, message: paths.noneMessage }]);
  if (choice === undefined) return options.find((o) => o.kind === 'rate') ?? options[0];
  const chosen = options.find((o) => o.id === choice);
  if (!chosen)
    throw badRequest(DELIVERY_MESSAGES.optionUnavailable, [{ path: paths.choice, message: DELIVERY_MESSAGES.optionUnavailable }]);
  return chosen;
}

/**
 * POST settings/delivery/preview: the options a buyer sees for a cart of only the scope's products
 * (a vendor's, or the marketplace's own), flat rates and pickup; live rates need the buyer's whole
 * address and are quoted at checkout.
 */
export async function previewDeliveryOptions(
  ctx: AppContext,
  scope: { storeId: string; vendorId: string | null },
  body: DeliveryPreviewBody,
) {
  const settings = await readStoreSettings(ctx.db, scope.storeId);
  const decimals = currencyDecimals(settings.currency);
  const weightUnit = settings.defaultUnits.weight as WeightUnit;
  const part: ShippingPart = {
    vendorId: scope.vendorId,
    totalWeight: Number((body.totalWeight * WEIGHT_UNIT_GRAMS[weightUnit]).toPrecision(12)),
    totalPrice: amountFromBody(body.totalPrice, settings.currency, 'totalPrice'),
    localPickup: body.localPickup,
  };
  const options = await deliveryOptions(
    ctx,
    { storeId: scope.storeId, currency: settings.currency, decimals, weightUnit, country: body.country, province: body.province, to: null },
    [part],
  );
  return { currency: settings.currency, options: options.map((o) => ({ ...o, price: formatMinorUnits(o.price, decimals) })) };
}
