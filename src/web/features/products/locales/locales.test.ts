import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../i18n/pick-language.ts';
import { expectCompleteLocales, localeTexts } from '../../../i18n/expect-complete-locales.ts';

/** The products namespace (list, import, actions and the editor's texts): every language, every key. */
describe('products texts', () => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    expect(readdirSync(import.meta.dirname).filter((f) => f.endsWith('.json')).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
    expectCompleteLocales('products');
  });

  it('say the words the browser test and the issue name', () => {
    const en = localeTexts('products', 'en');
    expect(en['import.confirm_other']).toBe('Import {{count}} {{products}}');
    expect(en['list.approval.pending']).toBe('Pending review');
    expect(en['list.empty.none']).toBe('No {{products}} yet');
  });
});
