import { describe, expect, it } from 'vitest';
import { dictOf, rowsOf, sameDict } from './dict-rows.ts';

describe('translation dict rows', () => {
  it('lists a dict by locale and key, and builds it back', () => {
    const dict = { nl: { title: 'Titel', cart: 'Winkelwagen' }, de: { title: 'Titel' } };
    const rows = rowsOf(dict);
    expect(rows).toEqual([
      { locale: 'de', key: 'title', value: 'Titel' },
      { locale: 'nl', key: 'cart', value: 'Winkelwagen' },
      { locale: 'nl', key: 'title', value: 'Titel' },
    ]);
    expect(dictOf(rows)).toEqual(dict);
  });

  it('leaves out rows without a locale or key, trims them, and lets a later duplicate win', () => {
    expect(
      dictOf([
        { locale: '', key: 'a', value: 'x' },
        { locale: 'nl', key: ' ', value: 'y' },
        { locale: ' nl ', key: ' a ', value: 'first' },
        { locale: 'nl', key: 'a', value: 'second' },
      ]),
    ).toEqual({ nl: { a: 'second' } });
  });

  it('compares dicts by content', () => {
    expect(sameDict({ nl: { a: '1', b: '2' } }, { nl: { b: '2', a: '1' } })).toBe(true);
    expect(sameDict({ nl: { a: '1' } }, { nl: { a: '2' } })).toBe(false);
  });
});
