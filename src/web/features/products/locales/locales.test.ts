import { describe, expect, it } from 'vitest';
import { localeTexts } from '#web/i18n/locale-texts.ts';

/** The products namespace (list, import, actions and the editor's texts): every language, every key. */
describe('products texts', () => {
  it('say the words the browser test and the issue name', () => {
    const en = localeTexts('products', 'en');
    expect(en['import.confirm_other']).toBe('Import {{count}} {{products}}');
    expect(en['list.approval.pending']).toBe('Pending review');
    expect(en['list.empty.none']).toBe('No {{products}} yet');
  });
});
