import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages';
import en from './locales/en.json';
import nl from './locales/nl.json';
import de from './locales/de.json';
import fr from './locales/fr.json';
import es from './locales/es.json';

type Texts = { [key: string]: string | Texts };

const keysOf = (texts: Texts, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));

describe('registration texts', () => {
  it('exist in every language', () => {
    const english = keysOf(en).sort();
    for (const [language, texts] of Object.entries({ nl, de, fr, es })) {
      expect(keysOf(texts as Texts).sort(), language).toEqual(english);
    }
  });

  it("are the spec's words in English", () => {
    expect(en.disabled).toBe('Vendor registration is currently disabled.');
    expect(en.thankYou).toBe("Thank you for your application, we'll get back to you shortly.");
    expect(en.title.application).toBe('{{Vendor}} application');
    expect(en.title.createAccount).toBe('Create a {{vendor}} account');
    expect(en.upload.fileUploaded).toBe(MSG.fileUploaded);
    expect(en.media.nothingToPreview).toBe(MSG.nothingToPreview);
    expect(en.media.notAnImage).toBe(MSG.notAnImage);
  });
});
