import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectCompleteLocales } from '../../../i18n/expect-complete-locales.ts';
import { LANGUAGES } from '../../../i18n/pick-language.ts';

describe('dashboard texts', () => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    expect(readdirSync(import.meta.dirname).filter((f) => f.endsWith('.json')).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
    expectCompleteLocales('dashboard');
  });
});
