/**
 * Money, once for the whole product: amounts are integers of the currency's minor unit (cents for
 * EUR, yen for JPY, fils for KWD), converted from and to decimal text here and nowhere else. No
 * conversion goes through binary floating point: "0.1" is exactly 10 cents, 1.005 is 1.005.
 */

/**
 * ISO 4217 minor-unit exponents that are not 2. Written out rather than asked of Intl, whose CLDR
 * data differs by runtime (and by design from ISO for a few currencies such as ISK or IDR), because
 * stored amounts must mean the same on every machine.
 */
const EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** Decimals of a currency's minor unit (ISO 4217): 2 for EUR and USD, 0 for JPY, 3 for KWD. */
export function currencyDecimals(currency: string): number {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}

/** A decimal read from text or a number, without going through floating point. */
export interface ParsedDecimal {
  negative: boolean;
  /** Digits before the separator, without leading zeros ("0" for none). */
  integer: string;
  /** Digits after the separator, without trailing zeros. */
  fraction: string;
}

/**
 * Reads a decimal typed by a person or sent by an API client: 19.99, "19.99", "19,99" (one comma
 * as the decimal separator), "-3.5". Null when it is not a plain decimal (thousands separators,
 * exponents, more than 15 integer or 6 fraction digits are refused; no real price needs them).
 */
export function parseDecimal(value: string | number): ParsedDecimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // The shortest text that reads back as the same number: what a person typed (99.99 → "99.99");
    // a computed number with binary noise or an exponent (0.1 + 0.2, 1e-7) is cut at 12 decimals.
    text = String(value);
    if (!/^-?\d+(\.\d{1,12})?$/.test(text)) text = value.toFixed(12);
  } else text = value.trim();
  const match = /^(-)?(\d{1,15})(?:[.,](\d{1,12}))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > 6 && typeof value === 'string') return null;
  const integer = match[2].replace(/^0+(?=\d)/, '');
  return { negative: !!match[1] && /[1-9]/.test(integer + fraction), integer, fraction };
}

/** The decimal times 10^scale as an integer, rounding half away from zero when `round`, else null when digits would be lost. */
function scaled(d: ParsedDecimal, scale: number, round: boolean): number | null {
  const kept = d.fraction.slice(0, scale).padEnd(scale, '0');
  const dropped = d.fraction.slice(scale);
  if (dropped && !round) return null;
  let magnitude = BigInt(d.integer + kept);
  if (dropped && dropped[0] >= '5') magnitude += 1n;
  const result = Number(d.negative ? -magnitude : magnitude);
  return Number.isSafeInteger(result) ? result : null;
}

export class MoneyError extends Error {}

/**
 * An amount in minor units: "19.99" → 1999 (2 decimals). Exact: more decimals than the currency has
 * ("1.999" in USD) are refused, not rounded, so a price is never changed silently.
 */
export function toMinorUnits(amount: string | number, decimals: number): number {
  const d = parseDecimal(amount);
  if (!d) throw new MoneyError(`Not an amount: ${String(amount)}`);
  const minor = scaled(d, decimals, false);
  if (minor === null) throw new MoneyError(`Too many decimals: ${String(amount)}`);
  return minor;
}

/** Whether the text is an amount of at most `decimals` decimals (what toMinorUnits accepts). */
export function isExactAmount(amount: string | number, decimals: number): boolean {
  const d = parseDecimal(amount);
  return !!d && scaled(d, decimals, false) !== null;
}

/**
 * A major-unit value rounded half-up (away from zero) to minor units, for settings typed with more
 * precision than the currency has (a commission line's $0.285 flat fee → 29 cents). Prices use the
 * exact toMinorUnits instead.
 */
export function roundToMinorUnits(amount: string | number, decimals: number): number {
  const d = parseDecimal(amount);
  const minor = d && scaled(d, decimals, true);
  if (minor === null || minor === undefined) throw new MoneyError(`Not an amount: ${String(amount)}`);
  return minor;
}

/** A decimal as an integer of 10^-scale, rounded half-up: a percentage 12.3456 at scale 4 → 123456. */
export function toScaledInteger(value: string | number, scale: number): number {
  return roundToMinorUnits(value, scale);
}

/** Minor units as the plain decimal text the API answers: 1999 → "19.99", -5 → "-0.05", 1999 JPY → "1999". */
export function formatMinorUnits(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Minor units back to a major-unit number (12345 → 123.45), where a number is wanted (commission previews, charts). */
export function toMajorUnits(minor: number, decimals: number): number {
  return Number(formatMinorUnits(minor, decimals));
}

/** Minor units as the API's amount text, with exactly the currency's decimals: 1250 EUR → "12.50", 1700 JPY → "1700". */
export function toAmountText(minor: number, currency: string): string {
  return formatMinorUnits(minor, currencyDecimals(currency));
}

/**
 * A major-unit number as settings store it (commission lines, delivery rates: 12.5 = 12.50) as the
 * API's amount text of its currency, rounded half up to the minor unit as it is computed.
 */
export function majorToAmountText(major: number, currency: string): string {
  return toAmountText(roundToMinorUnits(major, currencyDecimals(currency)), currency);
}

/** An amount text of the API in minor units of its currency; more decimals than the currency has throw a MoneyError. */
export function amountToMinor(amount: string, currency: string): number {
  return toMinorUnits(amount, currencyDecimals(currency));
}

/**
 * An amount text for people: "19.99" USD in "en" → "$19.99", in "nl" → "US$ 19,99". Intl formats the
 * exact decimal text, so no digit is lost to floating point; an unknown currency code is written out.
 */
export function formatAmount(amount: string, currency: string, locale = 'en'): string {
  const decimals = currencyDecimals(currency);
  const exact = formatMinorUnits(toMinorUnits(amount, decimals), decimals);
  try {
    const options: Intl.NumberFormatOptions = {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    };
    // Intl.NumberFormat formats a decimal string exactly (ECMA-402 NumberFormat v3); the type still says number.
    return new Intl.NumberFormat(locale, options).format(exact as unknown as number);
  } catch {
    return `${exact} ${currency}`;
  }
}

/** Minor units for people: 1999 USD in "en" → "$19.99" (see formatAmount). */
export function formatMoney(minor: number, currency: string, locale = 'en'): string {
  return formatAmount(toAmountText(minor, currency), currency, locale);
}

/** The sum of minor-unit amounts; throws rather than lose a cent beyond 2^53. */
export function sumMinor(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) total += amount;
  if (!Number.isSafeInteger(total)) throw new MoneyError('Amount out of range');
  return total;
}

/**
 * Splits `total` (minor units, any sign) across parts in proportion to non-negative `weights`, so
 * that the parts always add up to the total: each part gets the whole units of its exact share, and
 * the units left over go one each to the largest remainders, ties to the earlier part (the same
 * input always gives the same split). All weights zero: everything goes to the first part.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) throw new MoneyError('Nothing to allocate to');
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new MoneyError('Weights must be non-negative integers');
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0));
  const magnitude = BigInt(Math.abs(total));
  const parts = weights.map((w) => (magnitude * BigInt(w)) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (magnitude * BigInt(w)) % sum }));
  let left = magnitude - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts.map((p) => (total < 0 ? -Number(p) : Number(p)));
}

/**
 * The part of `total` that `taken` of `count` units carry, when `already` were taken before: the
 * difference of two floors, so taking all units in any number of steps gives exactly the total
 * (refunding 1, then 2 of 3 units returns every cent of the line, never one more).
 */
export function shareOfUnits(total: number, count: number, already: number, taken: number): number {
  if (count <= 0) return 0;
  const upTo = (n: number) => Number((BigInt(total) * BigInt(n)) / BigInt(count));
  return upTo(already + taken) - upTo(already);
}
