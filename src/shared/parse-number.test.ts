import { describe, expect, it } from 'vitest';
import { parseNumber } from './parse-number.ts';

describe('parseNumber', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1 234,5', 1234.5],
    ['1.000.000', 1_000_000],
    ['1,000,000', 1_000_000],
    ['1,000', 1000],
    ['1.000', 1000],
    ['0,125', 0.125],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['€ 1.299,00', 1299],
    ['$1,299.99 USD', 1299.99],
    ['-3,5', -3.5],
    ['  42 ', 42],
    // Plain digits and a decimal point (the fast path) read the same as the rules above.
    ['19.99', 19.99],
    ['5', 5],
    ['007', 7],
    ['0.125', 0.125],
    ['12.3456', 12.3456],
    ['1.5', 1.5],
  ])('reads %j as %d', (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });

  it('passes numbers through', () => {
    expect(parseNumber(7.25)).toBe(7.25);
  });

  it.each(['', '   ', 'abc', '.', ',', '-'])('is NaN when nothing numeric is left in %j', (input) => {
    expect(parseNumber(input)).toBeNaN();
  });

  it('is NaN for null and undefined', () => {
    expect(parseNumber(null)).toBeNaN();
    expect(parseNumber(undefined)).toBeNaN();
  });
});
