import { currencyDecimals, formatMinorUnits } from '#shared/money';
import { ProviderError } from './types.ts';

/*
 * Stripe counts amounts in its own smallest unit of each currency, which is not always the ISO 4217
 * minor unit our amounts are kept in:
 * - zero-decimal currencies are sent in whole units (MGA has two decimals in ISO 4217 but none at
 *   Stripe, so our hundredths of an ariary are divided by 100 and must be whole);
 * - ISK and UGX have no fractional units but Stripe keeps them two-decimal for backwards
 *   compatibility: 5 ISK is sent as 500, and the amount must be a multiple of 100;
 * - three-decimal currencies are sent in thousandths whose last digit must be 0;
 * - HUF and TWD are two-decimal at Stripe like in ISO 4217 (Stripe pays them out to banks in whole
 *   units, which is the connected account's affair, not the transfer's);
 * - every other currency is two-decimal, as in ISO 4217.
 */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const WHOLE_UNITS_IN_HUNDREDTHS = new Set(['ISK', 'UGX']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** Stripe's exponent of a currency and the step its amounts must be a multiple of. */
export function stripeExponent(currency: string): { decimals: number; step: number } {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return { decimals: 0, step: 1 };
  if (WHOLE_UNITS_IN_HUNDREDTHS.has(code)) return { decimals: 2, step: 100 };
  if (THREE_DECIMAL.has(code)) return { decimals: 3, step: 10 };
  return { decimals: 2, step: 1 };
}

/**
 * Our minor units of an amount as Stripe's `amount`. An amount Stripe cannot express (a fraction of
 * a krona, a KWD amount ending in 1-9 thousandths) is refused before any call, never rounded: a
 * payout pays exactly what the ledger owes.
 */
export function toStripeAmount(minor: number, currency: string): number {
  const ours = currencyDecimals(currency);
  const { decimals, step } = stripeExponent(currency);
  const shift = decimals - ours;
  const scaled = shift >= 0 ? minor * 10 ** shift : minor / 10 ** -shift;
  if (!Number.isInteger(scaled) || scaled % step !== 0) {
    throw new ProviderError(
      'refused',
      `Stripe cannot send ${formatMinorUnits(minor, ours)} ${currency.toUpperCase()}: it takes this currency in steps of ${formatMinorUnits(step, decimals)}`,
    );
  }
  return scaled;
}

/** Stripe's `amount` in a currency as our minor units. */
export function fromStripeAmount(amount: number, currency: string): number {
  const shift = currencyDecimals(currency) - stripeExponent(currency).decimals;
  return shift >= 0 ? amount * 10 ** shift : Math.round(amount / 10 ** -shift);
}
