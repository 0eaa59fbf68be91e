import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  amountToMinor,
  currencyDecimals,
  formatAmount,
  formatMinorUnits,
  formatMoney,
  isExactAmount,
  roundToMinorUnits,
  shareOfUnits,
  toAmountText,
  toMinorUnits,
} from './money.ts';

describe('currencyDecimals', () => {
  it('follows ISO 4217, 2 by default', () => {
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('KWD')).toBe(3);
    expect(currencyDecimals('BHD')).toBe(3);
    expect(currencyDecimals('XYZ')).toBe(2);
  });
});

describe('toMinorUnits', () => {
  it('converts decimal text exactly', () => {
    expect(toMinorUnits('19.99', 2)).toBe(1999);
    expect(toMinorUnits('0.1', 2)).toBe(10);
    expect(toMinorUnits('19,99', 2)).toBe(1999);
    expect(toMinorUnits(1.005, 3)).toBe(1005);
    expect(toMinorUnits('100', 0)).toBe(100);
    expect(toMinorUnits('1.500', 1)).toBe(15);
    expect(toMinorUnits('-3.50', 2)).toBe(-350);
  });

  it('refuses more decimals than the currency has, and what is not a plain decimal', () => {
    expect(() => toMinorUnits('1.999', 2)).toThrow('Too many decimals');
    expect(() => toMinorUnits('1.5', 0)).toThrow('Too many decimals');
    expect(() => toMinorUnits('1e3', 2)).toThrow('Not an amount');
    expect(() => toMinorUnits('1,000.00', 2)).toThrow('Not an amount');
    expect(() => toMinorUnits(Number.NaN, 2)).toThrow('Not an amount');
    expect(isExactAmount('1.99', 2)).toBe(true);
    expect(isExactAmount('1.999', 2)).toBe(false);
  });

  // Up to 15 integer digits, the most parseDecimal reads (1e15 itself has 16 at exponent 0).
  it('round-trips: format then parse gives the same minor units, for any amount and exponent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(1e15 - 1), max: 1e15 - 1 }), fc.constantFrom(0, 2, 3), (minor, decimals) => {
        expect(toMinorUnits(formatMinorUnits(minor, decimals), decimals)).toBe(minor);
      }),
    );
  });
});

describe('roundToMinorUnits', () => {
  it('rounds half away from zero on the decimal as written, not its binary approximation', () => {
    expect(roundToMinorUnits(0.285, 2)).toBe(29);
    expect(roundToMinorUnits(1.005, 2)).toBe(101);
    expect(roundToMinorUnits('2.675', 2)).toBe(268);
    expect(roundToMinorUnits(-0.125, 2)).toBe(-13);
    expect(roundToMinorUnits(12.3456, 4)).toBe(123456);
  });
});

describe('formatMoney', () => {
  it('formats per currency decimals and locale', () => {
    expect(formatMoney(1999, 'USD')).toBe('$19.99');
    expect(formatMoney(1999, 'JPY')).toBe('¥1,999');
    expect(formatMoney(1999, 'KWD', 'en')).toBe('KWD\u00a01.999');
    expect(formatMoney(123456789, 'EUR', 'de')).toBe('1.234.567,89\u00a0€');
    // Beyond what a double holds exactly, no digit is lost.
    expect(formatMoney(900719925474099, 'USD')).toBe('$9,007,199,254,740.99');
  });
});

describe('the API amount text', () => {
  it('has exactly the currency decimals, both ways', () => {
    expect(toAmountText(1250, 'EUR')).toBe('12.50');
    expect(toAmountText(1700, 'JPY')).toBe('1700');
    expect(toAmountText(-3125, 'KWD')).toBe('-3.125');
    expect(amountToMinor('12.5', 'EUR')).toBe(1250);
    expect(amountToMinor('1700', 'JPY')).toBe(1700);
    expect(() => amountToMinor('17.5', 'JPY')).toThrow('Too many decimals');
  });

  it('is shown in the reader language with its currency, an unknown code written out', () => {
    expect(formatAmount('12.50', 'EUR', 'nl')).toBe('€\u00a012,50');
    expect(formatAmount('1700', 'JPY', 'en')).toBe('¥1,700');
    expect(formatAmount('4', 'USD', 'en')).toBe('$4.00');
    expect(formatAmount('4.00', 'XX1', 'en')).toBe('4.00 XX1');
  });
});

describe('allocate', () => {
  it('splits by weight with the remainder to the largest remainders, ties to the earlier part', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(600, [1800, 1000])).toEqual([386, 214]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(5, [0, 0])).toEqual([5, 0]);
    expect(allocate(7, [0, 3])).toEqual([0, 7]);
  });

  it('always sums exactly to the total, each part within one unit of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          if (sum > 0) parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]) / sum)).toBeLessThan(1 + 1e-6 * Math.abs(total)));
        },
      ),
    );
  });
});

describe('shareOfUnits', () => {
  it('returns exactly the total once every unit is taken, in any steps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 8 }),
        (total, steps) => {
          const count = steps.reduce((a, b) => a + b, 0);
          let already = 0;
          let taken = 0;
          for (const step of steps) {
            taken += shareOfUnits(total, count, already, step);
            already += step;
          }
          expect(taken).toBe(total);
        },
      ),
    );
  });
});
