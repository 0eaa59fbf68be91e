import { roundToMinorUnits } from './money.ts';

/**
 * Which delivery rates a cart can use: the one rule of the product, for the checkout and for a
 * preview on the delivery screen. Pure.
 *
 * - A zone applies when one of its countries is the cart's country and, if that country entry lists
 *   provinces, the cart's province is one of them (codes compared case-insensitively).
 * - A rate of an applying zone applies when it has no field, or when the cart's total for its field
 *   (TOTAL_WEIGHT, TOTAL_PRICE) is within [min, max], both included, a missing bound being open.
 * - Bounds are converted once: price bounds from major units to minor units, weight bounds from the
 *   store's weight unit (KILOGRAMS by default) to grams.
 * - The answer is sorted by price, cheapest first (then by the zones' and rates' order).
 */

export const WEIGHT_UNIT_GRAMS = {
  GRAMS: 1,
  KILOGRAMS: 1000,
  OUNCES: 28.349523125,
  POUNDS: 453.59237,
} as const;
export type WeightUnit = keyof typeof WEIGHT_UNIT_GRAMS;

export interface RateLike {
  name: string;
  description?: string | null;
  /** Major units. */
  price: number;
  field?: 'TOTAL_WEIGHT' | 'TOTAL_PRICE' | null;
  min?: number | null;
  max?: number | null;
}

export interface ZoneLike<R extends RateLike = RateLike> {
  id?: string | null;
  zoneName: string;
  rates: readonly R[];
  countries: readonly { code: string; provinces?: readonly string[] | null }[];
}

export interface Cart {
  /** ISO country code. */
  country: string;
  /** Province code (ISO 3166-2 subdivision), when the address has one. */
  province?: string | null;
  /** Grams. */
  totalWeight: number;
  /** Minor units. */
  totalPrice: number;
}

export interface ApplicableRate<R extends RateLike = RateLike> {
  zoneId: string | null;
  zoneName: string;
  rate: R;
  /** The rate's price in minor units. */
  priceMinor: number;
}

export interface RateOptions {
  weightUnit?: WeightUnit;
  currencyDecimals?: number;
}

const upper = (s: string | null | undefined) => (s ?? '').trim().toUpperCase();

/** Whether a zone ships to the cart's country (and province). */
export function zoneCoversCart(zone: ZoneLike, cart: Pick<Cart, 'country' | 'province'>): boolean {
  const country = upper(cart.country);
  const province = upper(cart.province);
  return zone.countries.some(
    (c) => upper(c.code) === country && (!c.provinces?.length || (province !== '' && c.provinces.some((p) => upper(p) === province))),
  );
}

/** The rates a cart can use, cheapest first; see the file comment for the rules. */
export function applicableRates<R extends RateLike>(
  zones: readonly ZoneLike<R>[],
  cart: Cart,
  options: RateOptions = {},
): ApplicableRate<R>[] {
  const gramsPerUnit = WEIGHT_UNIT_GRAMS[options.weightUnit ?? 'KILOGRAMS'];
  const decimals = options.currencyDecimals ?? 2;
  // Remove binary noise (1.1 kg = 1100.0000000000002 g) so that a bound equal to the cart's total matches.
  const grams = (weight: number) => Number((weight * gramsPerUnit).toPrecision(12));
  const within = (value: number, min: number | null, max: number | null) =>
    (min === null || value >= min) && (max === null || value <= max);

  const found: (ApplicableRate<R> & { order: number })[] = [];
  zones.forEach((zone, zoneIndex) => {
    if (!zoneCoversCart(zone, cart)) return;
    zone.rates.forEach((rate, rateIndex) => {
      const min = rate.min ?? null;
      const max = rate.max ?? null;
      const applies =
        rate.field === 'TOTAL_WEIGHT'
          ? within(cart.totalWeight, min === null ? null : grams(min), max === null ? null : grams(max))
          : rate.field === 'TOTAL_PRICE'
            ? within(
                cart.totalPrice,
                min === null ? null : roundToMinorUnits(min, decimals),
                max === null ? null : roundToMinorUnits(max, decimals),
              )
            : true;
      if (!applies) return;
      found.push({
        zoneId: zone.id ?? null,
        zoneName: zone.zoneName,
        rate,
        priceMinor: roundToMinorUnits(rate.price, decimals),
        order: zoneIndex * 100_000 + rateIndex,
      });
    });
  });
  return found.sort((a, b) => a.priceMinor - b.priceMinor || a.order - b.order).map(({ order: _order, ...rate }) => rate);
}
