import { describe, expect, it } from 'vitest';
import { localeTexts } from '#web/i18n/locale-texts.ts';

describe('the English commission texts', () => {
  it('say the schema’s messages in its words', () => {
    const en = localeTexts('commissions', 'en');
    expect(en['messages.gap']).toBe('There should not be a gap between {{from}} and {{to}}');
    expect(en['messages.overlap']).toBe('There should not be an overlap between {{from}} and {{to}}');
    expect(en['saved']).toBe('Saved');
    expect(en['useMarketplaceLines']).toBe('Use the marketplace lines');
  });
});
