import { describe, expect, it } from 'vitest';
import { localeTexts } from '#web/i18n/locale-texts.ts';
import { LANGUAGES } from '#web/i18n/pick-language.ts';

const texts = (language: string) => localeTexts('vendor-page', language);

describe('the vendor page texts', () => {
  it('name the nav entry with the capitalised store words, the only ones the top bar passes', () => {
    for (const language of LANGUAGES)
      for (const word of texts(language)['nav'].match(/{{\w+}}/g) ?? []) expect(word, language).toMatch(/^{{[A-Z]/);
  });

  it("say the server's messages and the page's states in English as the contract does", () => {
    const en = texts('en');
    expect([en['status.draft'], en['status.pending'], en['status.approved']]).toEqual(['Draft', 'Pending review', 'Published']);
    expect(en['title']).toBe('{{Vendor}} page');
    expect(en['form.saved']).toBe('Saved');
  });
});
