import { roundToMinorUnits, toScaledInteger } from './money.ts';

/**
 * The one commission computation of the product: the preview on the commissions screen, and later
 * the commission frozen on each order line, both call this. Pure, integer arithmetic only.
 *
 * Units: the amount is in integer minor units (cents); the lines carry major units (100 = $100) as
 * the screen and the API show them, and are rounded half-up to minor units once, here (money.ts).
 * Rounding: the percentage part is rounded half-up to a whole minor unit; the percentage itself is
 * kept to 4 decimals (12.3456 %). A line's minimum raises a smaller commission to it. The commission is capped at the amount, so the vendor's share is
 * never negative, and commission + vendorShare = amount always.
 * Ranges: a line covers [min, max) (max excluded, max null = no upper bound), so contiguous lines
 * (one's max = the next one's min) never both match an amount.
 * Precedence: a line with a constraint {key, value} that matches the item's attributes and whose
 * range holds the amount wins over the unconditioned lines; among several such lines, the first in
 * the stored order wins (the admin orders them). Otherwise the unconditioned line whose range holds
 * the amount applies.
 */

export interface CommissionConstraint {
  key: string;
  value: string;
}

/** A commission line as stored and shown: amounts in major units. */
export interface CommissionLineInput {
  min: number;
  max?: number | null;
  flat: number;
  percentage: number;
  constraint?: CommissionConstraint | null;
  /** The least commission the line takes, however small the amount (the default line's defaultCommissions.min). */
  minimum?: number | null;
}

/**
 * What an item is, for constrained lines: e.g. { productType: 'Shoes', tags: ['sale', 'new'],
 * collection: ['Summer'] }. A value matches when it equals the constraint's value, or, for a list,
 * when one of its entries does; compared trimmed and case-insensitively.
 */
export type ItemAttributes = Readonly<Record<string, string | readonly string[] | null | undefined>>;

export interface CommissionResult<L extends CommissionLineInput = CommissionLineInput> {
  /** Minor units, 0 <= commission <= amount. */
  commission: number;
  /** Minor units, amount - commission. */
  vendorShare: number;
  /** The line that applied, as given; null only when no line covers the amount (invalid lines). */
  line: L | null;
}

export interface CommissionOptions {
  /** Decimals of the currency (2 for EUR/USD, 0 for JPY). */
  currencyDecimals?: number;
}

/** 4 decimals of a percent: percentages are held as integers of 1/10 000 %. */
const PERCENT_DECIMALS = 4;
const PERCENT_SCALE = 10n ** BigInt(PERCENT_DECIMALS);
const HUNDRED_PERCENT = 100n * PERCENT_SCALE;

interface CompiledLine<L> {
  line: L;
  min: number;
  max: number | null;
  flat: number;
  /** Percentage in 1/10 000 %. */
  rate: bigint;
  constraint: { key: string; value: string } | null;
  minimum: number;
}

const norm = (s: string) => s.trim().toLowerCase();

function matchesConstraint(constraint: { key: string; value: string }, attributes: ItemAttributes): boolean {
  const actual = attributes[constraint.key];
  if (actual == null) return false;
  const values = typeof actual === 'string' ? [actual] : actual;
  return values.some((v) => norm(v) === constraint.value);
}

/**
 * Converts lines once and returns the calculator for many amounts (an order's lines). The amount
 * must be a non-negative integer of minor units; refunds are computed on the refunded amount.
 */
export function createCommissionCalculator<L extends CommissionLineInput>(lines: readonly L[], options: CommissionOptions = {}) {
  const decimals = options.currencyDecimals ?? 2;
  const compiled: CompiledLine<L>[] = lines.map((line) => ({
    line,
    min: roundToMinorUnits(line.min, decimals),
    max: line.max == null ? null : roundToMinorUnits(line.max, decimals),
    flat: roundToMinorUnits(line.flat, decimals),
    rate: BigInt(toScaledInteger(line.percentage, PERCENT_DECIMALS)),
    constraint: line.constraint ? { key: line.constraint.key, value: norm(line.constraint.value) } : null,
    minimum: roundToMinorUnits(line.minimum ?? 0, decimals),
  }));
  const constrained = compiled.filter((c) => c.constraint);
  const open = compiled.filter((c) => !c.constraint);
  const inRange = (c: CompiledLine<L>, amount: number) => amount >= c.min && (c.max === null || amount < c.max);

  return (amount: number, attributes: ItemAttributes = {}): CommissionResult<L> => {
    if (!Number.isSafeInteger(amount) || amount < 0)
      throw new RangeError(`amount must be a non-negative integer of minor units, got ${amount}`);
    const hit =
      constrained.find((c) => inRange(c, amount) && matchesConstraint(c.constraint!, attributes)) ?? open.find((c) => inRange(c, amount));
    if (!hit) return { commission: 0, vendorShare: amount, line: null };
    const product = BigInt(amount) * hit.rate;
    let percentPart = product / HUNDRED_PERCENT;
    // Half-up: a remainder of at least half a minor unit rounds up (amounts are never negative).
    if ((product % HUNDRED_PERCENT) * 2n >= HUNDRED_PERCENT) percentPart += 1n;
    const commission = Math.min(amount, Math.max(hit.minimum, hit.flat + Number(percentPart)));
    return { commission, vendorShare: amount - commission, line: hit.line };
  };
}

/** The commission of one amount (minor units) under the lines (major units); see the file comment. */
export function computeCommission<L extends CommissionLineInput>(
  amount: number,
  lines: readonly L[],
  attributes: ItemAttributes = {},
  options: CommissionOptions = {},
): CommissionResult<L> {
  return createCommissionCalculator(lines, options)(amount, attributes);
}
