import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJson } from './same-json.ts';

/** JSON text with every object's keys sorted: two values are the same JSON when these are equal. */
const sortedJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  ) ?? 'null';

/** The same value with its objects' keys in reverse order. */
const reordered = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reordered);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reordered(v)]),
    );
  return value;
};

/** Small JSON-like values, with undefined and Dates among the leaves, so that pairs are often equal. */
const leaf = fc.oneof(fc.constantFrom(null, undefined, true, false, 0, 1, '', 'a', 'b'), fc.constantFrom(new Date(0), new Date(1)));
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
  ),
})).node;

describe('sameJson', () => {
  it('answers as comparing the JSON texts with sorted keys would', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(sameJson(a, b)).toBe(sortedJson(a) === sortedJson(b));
        expect(sameJson(a, reordered(a))).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  });

  it('tells apart values that differ deep inside, in a key more or an item more', () => {
    expect(sameJson({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameJson({ b: null }, { a: [] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson([1, 2], [1])).toBe(false);
    expect(sameJson([1], [1, 2])).toBe(false);
    expect(sameJson({}, [])).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });

  it('takes an undefined key as absent, undefined as null, a Date as its text', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([undefined], [null])).toBe(true);
    expect(sameJson(undefined, null)).toBe(true);
    expect(sameJson(new Date(0), new Date(0))).toBe(true);
    expect(sameJson(new Date(0), new Date(1))).toBe(false);
    expect(sameJson(new Date(0), '1970-01-01T00:00:00.000Z')).toBe(true);
  });
});
