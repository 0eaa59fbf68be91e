import { describe, expect, it } from 'vitest';
import { describeChanges, formatLogValue, type ValueWords } from './log-changes.ts';

const words: ValueWords = { yes: 'Yes', no: 'No', status: (s) => ({ DRAFT: 'Draft', ACTIVE: 'Active' })[s] ?? s, language: 'en' };

describe('describeChanges', () => {
  it('gives one line per changed field, and one per changed field of an object (a variant, the SEO texts)', () => {
    expect(
      describeChanges({
        title: { before: 'Mug', after: 'Blue mug' },
        'variants.v1': { before: { price: '10', stock: 1 }, after: { price: '12', stock: 3 } },
        seo: { before: { title: '', description: 'x' }, after: { title: 'Mug', description: 'x' } },
      }),
    ).toEqual([
      { field: 'title', before: 'Mug', after: 'Blue mug' },
      { field: 'variants.v1.price', before: '10', after: '12' },
      { field: 'variants.v1.stock', before: 1, after: 3 },
      { field: 'seo.title', before: '', after: 'Mug' },
    ]);
  });

  it('spells out an added or removed object field by field', () => {
    expect(describeChanges({ 'variants.v2': { before: null, after: { price: '5', sku: '' } } })).toEqual([
      { field: 'variants.v2.price', before: undefined, after: '5' },
    ]);
  });
});

describe('formatLogValue', () => {
  it('says yes and no, names statuses, and shows nothing as a dash', () => {
    expect(formatLogValue(true, words)).toBe('Yes');
    expect(formatLogValue(false, words)).toBe('No');
    expect(formatLogValue('ACTIVE', words, 'status')).toBe('Active');
    expect(formatLogValue('', words)).toBe('—');
    expect(formatLogValue([], words)).toBe('—');
    expect(formatLogValue(1200, words)).toBe('1,200');
  });

  it('reads texts without their markup and lists item by item, never as JSON', () => {
    expect(formatLogValue('<p>A <b>small</b> cup&nbsp;&amp; saucer</p>', words)).toBe('A small cup & saucer');
    expect(formatLogValue([{ name: 'Size', values: ['S', 'M'] }], words)).toBe('Size: S, M');
    expect(
      formatLogValue(
        [
          { src: '/api/cdn/files/demo/a%20b.png', alt: '' },
          { src: 'https://x.test/c.jpg', alt: 'Front' },
        ],
        words,
      ),
    ).toBe('a b.png; Front');
    expect(formatLogValue({ length: 10, width: 5, unit: 'cm' }, words)).toBe('length: 10, width: 5, unit: cm');
    expect(formatLogValue('x'.repeat(400), words)).toHaveLength(301);
  });
});
