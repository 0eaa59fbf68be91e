import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../i18n/pick-language.ts';
import { expectCompleteLocales, localeTexts } from '../../../i18n/expect-complete-locales.ts';

/** The exports namespace (the export button and panel of every list): every language, every key. */
describe('exports texts', () => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    expect(readdirSync(import.meta.dirname).filter((f) => f.endsWith('.json')).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
    expectCompleteLocales('exports');
  });

  it('say the words the browser tests click', () => {
    const en = localeTexts('exports', 'en');
    expect(en['button']).toBe('Export CSV');
    expect(en['download']).toBe('Download CSV');
    expect(en['close']).toBe('Close');
    expect(en['ready_other']).toBe('Export ready: {{count}} {{items}}');
  });
});
