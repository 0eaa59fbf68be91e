import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeCommission, createCommissionCalculator, type CommissionLineInput } from './commission.ts';
import { roundToMinorUnits } from './money.ts';
import { StoredCommissionLinesSchema } from './schemas/commissions.ts';

const line = (
  min: number,
  max: number | null,
  percentage: number,
  flat = 0,
  constraint?: { key: string; value: string },
): CommissionLineInput => ({
  min,
  max,
  flat,
  percentage,
  ...(constraint ? { constraint } : {}),
});

describe('computeCommission', () => {
  const tiers = [line(0, 100, 10), line(100, 1000, 8, 0.5), line(1000, null, 5, 2)];

  it('applies the line whose [min, max) holds the amount: flat + percentage, in cents', () => {
    expect(computeCommission(5_000, tiers)).toEqual({ commission: 500, vendorShare: 4_500, line: tiers[0] });
    // $100 is the first cent of the second line (max excluded).
    expect(computeCommission(10_000, tiers)).toEqual({ commission: 850, vendorShare: 9_150, line: tiers[1] });
    expect(computeCommission(9_999, tiers).line).toBe(tiers[0]);
    expect(computeCommission(250_000, tiers)).toEqual({ commission: 12_700, vendorShare: 237_300, line: tiers[2] });
    expect(computeCommission(0, tiers)).toEqual({ commission: 0, vendorShare: 0, line: tiers[0] });
  });

  it('rounds the percentage part half-up to a whole cent', () => {
    expect(computeCommission(5, [line(0, null, 10)]).commission).toBe(1); // 0.5 → 1
    expect(computeCommission(4, [line(0, null, 10)]).commission).toBe(0); // 0.4 → 0
    expect(computeCommission(1001, [line(0, null, 12.5)]).commission).toBe(125); // 125.125
    expect(computeCommission(1004, [line(0, null, 12.5)]).commission).toBe(126); // 125.5
    expect(computeCommission(333, [line(0, null, 33.3333)]).commission).toBe(111); // 110.999889
    // 1.005 typed as a flat fee is 101 cents, not 100 (binary noise removed before rounding).
    expect(computeCommission(10_000, [line(0, null, 0, 1.005)]).commission).toBe(101);
  });

  it('never takes more than the amount: a flat fee above a small sale is capped', () => {
    expect(computeCommission(1_000, [line(0, null, 50, 20)])).toMatchObject({ commission: 1_000, vendorShare: 0 });
  });

  it('lets a matching constrained line win over the unconditioned ones, first one in order first', () => {
    const shoes = line(0, null, 20, 0, { key: 'productType', value: 'Shoes' });
    const sale = line(0, 50, 2, 0, { key: 'tags', value: 'sale' });
    const lines = [...tiers, sale, shoes];
    expect(computeCommission(10_000, lines, { productType: 'shoes ' }).line).toBe(shoes);
    expect(computeCommission(1_000, lines, { productType: 'Shoes', tags: ['new', 'SALE'] }).line).toBe(sale);
    // Outside the constrained line's range, the next match or the unconditioned line applies.
    expect(computeCommission(10_000, lines, { tags: ['sale'] }).line).toBe(tiers[1]);
    expect(computeCommission(10_000, lines, { productType: 'Hats', tags: [] }).line).toBe(tiers[1]);
    expect(computeCommission(10_000, lines).line).toBe(tiers[1]);
  });

  it('refuses amounts that are not whole non-negative minor units', () => {
    expect(() => computeCommission(-1, tiers)).toThrow(RangeError);
    expect(() => computeCommission(10.5, tiers)).toThrow(RangeError);
  });

  it('answers no line and no commission when nothing covers the amount (invalid lines)', () => {
    expect(computeCommission(500, [line(10, null, 10)])).toEqual({ commission: 0, vendorShare: 500, line: null });
  });

  it('takes a line typed with more decimals than the currency has half-up ($0.285 flat → 29 cents)', () => {
    expect(computeCommission(10_000, [{ min: 0, max: null, flat: 0.285, percentage: 0 }]).commission).toBe(29);
    expect(computeCommission(10_000, [{ min: 0, max: null, flat: 1_000, percentage: 0 }], {}, { currencyDecimals: 0 }).commission).toBe(
      1_000,
    );
  });
});

/** Valid lines: breakpoints 0 < b1 < ... < bk cut [0, ∞) into unconditioned lines, shuffled, plus constrained ones. */
const validLines = fc
  .record({
    breaks: fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 6 }),
    fees: fc.array(fc.record({ flat: fc.integer({ min: 0, max: 5_000 }), percentage: fc.integer({ min: 0, max: 1_000_000 }) }), {
      minLength: 7,
      maxLength: 7,
    }),
    constrained: fc.array(
      fc.record({
        min: fc.integer({ min: 0, max: 100_000 }),
        span: fc.option(fc.integer({ min: 0, max: 100_000 })),
        percentage: fc.integer({ min: 0, max: 100 }),
        value: fc.constantFrom('sale', 'new', 'shoes'),
      }),
      { maxLength: 3 },
    ),
    order: fc.array(fc.nat(), { minLength: 10, maxLength: 10 }),
  })
  .map(({ breaks, fees, constrained, order }) => {
    const cuts = [0, ...breaks.sort((a, b) => a - b)];
    const open = cuts.map((min, i) =>
      line(min / 100, i + 1 < cuts.length ? cuts[i + 1] / 100 : null, fees[i].percentage / 10_000, fees[i].flat / 100),
    );
    const extra = constrained.map((c) =>
      line(c.min / 100, c.span == null ? null : (c.min + c.span) / 100, c.percentage, 0, { key: 'tags', value: c.value }),
    );
    const all = [...open, ...extra];
    // A deterministic shuffle: lines may be stored in any order.
    return all
      .map((l, i) => ({ l, k: order[i % order.length] }))
      .sort((a, b) => a.k - b.k)
      .map(({ l }) => l);
  });

/** Arbitrary lines, most of them invalid: whatever the schema lets through must behave. */
const anyLines = fc.array(
  fc.record({
    min: fc.constantFrom(0, 5, 10, 15),
    max: fc.constantFrom(null, 0, 5, 10, 15),
    flat: fc.integer({ min: 0, max: 3 }),
    percentage: fc.integer({ min: 0, max: 100 }),
  }),
  { minLength: 1, maxLength: 3 },
);

const amountCents = fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 100_000_000_000 }));
const attributes = fc.record({ tags: fc.subarray(['sale', 'new', 'shoes', 'hats']) });

/** How many unconditioned lines hold the amount, with the documented [min, max) ranges. */
const covering = (lines: readonly CommissionLineInput[], amount: number) =>
  lines.filter((l) => !l.constraint && amount >= roundToMinorUnits(l.min, 2) && (l.max == null || amount < roundToMinorUnits(l.max, 2)));

describe('commission properties', () => {
  it('the generator of valid lines agrees with the schema', () => {
    fc.assert(fc.property(validLines, (lines) => StoredCommissionLinesSchema.safeParse(lines).success));
  });

  it('for valid lines every amount >= 0 is held by exactly one unconditioned line, which applies without attributes', () => {
    fc.assert(
      fc.property(validLines, amountCents, (lines, amount) => {
        const hits = covering(lines, amount);
        expect(hits).toHaveLength(1);
        const result = computeCommission(
          amount,
          lines.filter((l) => !l.constraint),
        );
        expect(result.line).toBe(hits[0]);
      }),
    );
  });

  it('whatever lines the schema accepts cover every amount exactly once', () => {
    fc.assert(
      fc.property(anyLines, fc.integer({ min: 0, max: 3_000 }), (lines, amount) => {
        fc.pre(StoredCommissionLinesSchema.safeParse(lines).success);
        expect(covering(lines, amount)).toHaveLength(1);
      }),
    );
  });

  it('the commission is a whole number of cents between 0 and the amount, and commission + vendorShare = amount', () => {
    fc.assert(
      fc.property(validLines, amountCents, attributes, (lines, amount, attrs) => {
        const { commission, vendorShare, line: applied } = createCommissionCalculator(lines)(amount, attrs);
        expect(Number.isInteger(commission)).toBe(true);
        expect(commission).toBeGreaterThanOrEqual(0);
        expect(commission).toBeLessThanOrEqual(amount);
        expect(commission + vendorShare).toBe(amount);
        expect(applied).not.toBeNull();
      }),
    );
  });

  it('a constrained line applies only to items that match it', () => {
    fc.assert(
      fc.property(validLines, amountCents, attributes, (lines, amount, attrs) => {
        const applied = computeCommission(amount, lines, attrs).line!;
        if (applied.constraint) expect(attrs.tags).toContain(applied.constraint.value);
        else expect(covering(lines, amount)).toContain(applied);
      }),
    );
  });
});
