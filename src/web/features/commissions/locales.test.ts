import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectCompleteLocales, FEATURES_DIR, localeTexts } from '../../i18n/expect-complete-locales.ts';

/** The administration screens' texts: every language has every key, with the same placeholders. */
const NAMESPACES = ['commissions', 'delivery', 'notifications', 'metafields'].filter((ns) => existsSync(path.join(FEATURES_DIR, ns, 'locales', 'en.json')));

describe.each(NAMESPACES)('%s texts', (namespace) => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    expectCompleteLocales(namespace);
  });
});

describe('the English commission texts', () => {
  it('say the schema’s messages in its words', () => {
    const en = localeTexts('commissions', 'en');
    expect(en['messages.gap']).toBe('There should not be a gap between {{from}} and {{to}}');
    expect(en['messages.overlap']).toBe('There should not be an overlap between {{from}} and {{to}}');
    expect(en['saved']).toBe('Saved');
    expect(en['useMarketplaceLines']).toBe('Use the marketplace lines');
  });
});
