import { describe, expect, it } from 'vitest';
import { emptyVariant, type OptionFormValue, type VariantFormValue } from './product-form.ts';
import { combinationsOf, regenerateVariants, variantTitle } from './variant-matrix.ts';

const defaults = { weightUnit: 'KILOGRAMS', lengthUnit: 'cm', localPickup: false } as const;
const empty = () => emptyVariant(defaults);
const size: OptionFormValue = { uid: 'size', name: 'Size', values: ['S', 'M'] };
const color: OptionFormValue = { uid: 'color', name: 'Color', values: ['Red', 'Blue'] };
const row = (options: string[], price: string, id?: string): VariantFormValue => ({ ...empty(), options, price, ...(id ? { id } : {}) });
const summary = (rows: VariantFormValue[]) => rows.map((r) => `${variantTitle(r) || '-'}:${r.price}${r.id ? `#${r.id}` : ''}`);

describe('combinationsOf', () => {
  it('crosses the values of every option, the first option slowest', () => {
    expect(combinationsOf([size, color])).toEqual([
      { size: 'S', color: 'Red' },
      { size: 'S', color: 'Blue' },
      { size: 'M', color: 'Red' },
      { size: 'M', color: 'Blue' },
    ]);
  });

  it('gives one empty combination without options, and skips options that have no values yet', () => {
    expect(combinationsOf([])).toEqual([{}]);
    expect(combinationsOf([size, { uid: 'x', name: 'Material', values: [] }])).toEqual([{ size: 'S' }, { size: 'M' }]);
  });

  it('uses at most 3 options', () => {
    const options = ['a', 'b', 'c', 'd'].map((uid) => ({ uid, name: uid, values: ['1', '2'] }));
    expect(combinationsOf(options)).toHaveLength(8);
  });
});

describe('regenerateVariants', () => {
  it('turns the single row of a product without options into the first combination and adds empty rows', () => {
    const rows = regenerateVariants([], [size], [row([], '10', 'v1')], empty);
    expect(summary(rows)).toEqual(['S:10#v1', 'M:']);
  });

  it('makes the four rows of two options of two values', () => {
    const rows = regenerateVariants([size], [size, color], regenerateVariants([], [size], [empty()], empty), empty);
    expect(rows.map((r) => r.options)).toEqual([
      ['S', 'Red'],
      ['S', 'Blue'],
      ['M', 'Red'],
      ['M', 'Blue'],
    ]);
  });

  it('keeps the edited rows when an option is added: each old row goes to its first new combination', () => {
    const before = [row(['S'], '10', 'v1'), row(['M'], '12', 'v2')];
    expect(summary(regenerateVariants([size], [size, color], before, empty))).toEqual([
      'S / Red:10#v1',
      'S / Blue:',
      'M / Red:12#v2',
      'M / Blue:',
    ]);
  });

  it('keeps every existing combination when a value is added or removed', () => {
    const before = [row(['S', 'Red'], '1', 'a'), row(['S', 'Blue'], '2', 'b'), row(['M', 'Red'], '3', 'c'), row(['M', 'Blue'], '4', 'd')];
    const withL = { ...size, values: ['S', 'M', 'L'] };
    expect(summary(regenerateVariants([size, color], [withL, color], before, empty))).toEqual([
      'S / Red:1#a',
      'S / Blue:2#b',
      'M / Red:3#c',
      'M / Blue:4#d',
      'L / Red:',
      'L / Blue:',
    ]);
    const withoutRed = { ...color, values: ['Blue'] };
    expect(summary(regenerateVariants([size, color], [size, withoutRed], before, empty))).toEqual(['S / Blue:2#b', 'M / Blue:4#d']);
  });

  it('keeps the rows when an option is renamed or the options are reordered (options are known by uid)', () => {
    const before = [row(['S', 'Red'], '1', 'a'), row(['S', 'Blue'], '2', 'b'), row(['M', 'Red'], '3', 'c'), row(['M', 'Blue'], '4', 'd')];
    const renamed = regenerateVariants([size, color], [{ ...size, name: 'Maat' }, color], before, empty);
    expect(summary(renamed)).toEqual(summary(before));
    const reordered = regenerateVariants([size, color], [color, size], before, empty);
    expect(summary(reordered)).toEqual(['Red / S:1#a', 'Red / M:3#c', 'Blue / S:2#b', 'Blue / M:4#d']);
  });

  it('collapses onto the first matching row when an option is removed', () => {
    const before = [row(['S', 'Red'], '1', 'a'), row(['S', 'Blue'], '2', 'b'), row(['M', 'Red'], '3', 'c'), row(['M', 'Blue'], '4', 'd')];
    expect(summary(regenerateVariants([size, color], [size], before, empty))).toEqual(['S:1#a', 'M:3#c']);
    expect(summary(regenerateVariants([size, color], [], before, empty))).toEqual(['-:1#a']);
  });

  it('keeps the rows while a new option has no values yet, with an empty value in its place', () => {
    const before = [row(['S'], '10', 'v1'), row(['M'], '12', 'v2')];
    const material = { uid: 'material', name: 'Material', values: [] };
    const rows = regenerateVariants([size], [size, material], before, empty);
    expect(rows.map((r) => [r.options, r.id])).toEqual([
      [['S', ''], 'v1'],
      [['M', ''], 'v2'],
    ]);
  });

  it('keeps every other field of a kept row', () => {
    const before = [{ ...row(['S'], '10', 'v1'), sku: 'TEE-S', stock: '4', trackStock: true, taxable: false }];
    const [first] = regenerateVariants([size], [size, color], before, empty);
    expect(first).toMatchObject({ id: 'v1', sku: 'TEE-S', stock: '4', trackStock: true, taxable: false, price: '10' });
  });
});
