import { describe, expect, it } from 'vitest';
import { describeChanges, formatLogValue } from './log-changes.ts';

describe('describeChanges', () => {
  it('gives one line per changed field, and one per field of a variant logged field by field', () => {
    expect(
      describeChanges({
        title: { before: 'Mug', after: 'Blue mug' },
        status: { before: 'DRAFT', after: 'ACTIVE' },
        'variants.v1': { before: { price: '10', stock: 1 }, after: { price: '12', stock: 3 } },
      }),
    ).toEqual([
      { field: 'title', before: 'Mug', after: 'Blue mug' },
      { field: 'status', before: 'DRAFT', after: 'ACTIVE' },
      { field: 'variants.v1.price', before: '10', after: '12' },
      { field: 'variants.v1.stock', before: '1', after: '3' },
    ]);
  });

  it('keeps an added or removed object on one line, with a dash for nothing', () => {
    expect(describeChanges({ 'variants.v2': { before: null, after: { price: '5' } }, approved: { before: false, after: true } })).toEqual([
      { field: 'variants.v2', before: '—', after: '{"price":"5"}' },
      { field: 'approved', before: 'false', after: 'true' },
    ]);
  });

  it('keeps objects whose keys did not all change (seo) on one line', () => {
    expect(describeChanges({ seo: { before: { title: 'a', description: 'x' }, after: { title: 'b', description: 'x' } } })).toEqual([
      { field: 'seo', before: '{"title":"a","description":"x"}', after: '{"title":"b","description":"x"}' },
    ]);
  });
});

describe('formatLogValue', () => {
  it('cuts long texts', () => {
    expect(formatLogValue('x'.repeat(400))).toHaveLength(301);
    expect(formatLogValue('')).toBe('—');
  });
});
