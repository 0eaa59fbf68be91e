import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/pick-language.ts';

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {} as Record<string, string>,
  );
}

const texts = (language: string) => flatten(JSON.parse(readFileSync(path.join(import.meta.dirname, 'locales', `${language}.json`), 'utf8')));
// Store words may change case with grammar ({{Vendor}} at the start of a label, {{vendor}} inside one).
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).map((p) => p.toLowerCase()).sort();

describe('the vendor page texts', () => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    const english = texts('en');
    for (const language of LANGUAGES) {
      const these = texts(language);
      expect(Object.keys(these).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(these)) {
        expect(text.trim(), `${language}: ${key}`).not.toBe('');
        expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(english[key]));
      }
    }
  });

  it('name the nav entry with the capitalised store words, the only ones the top bar passes', () => {
    for (const language of LANGUAGES) for (const word of texts(language)['nav'].match(/{{\w+}}/g) ?? []) expect(word, language).toMatch(/^{{[A-Z]/);
  });

  it("say the server's messages and the page's states in English as the contract does", () => {
    const en = texts('en');
    for (const [key, text] of Object.entries(en)) if (key.startsWith('messages.')) expect(text).toBe(key.slice('messages.'.length));
    expect([en['status.draft'], en['status.pending'], en['status.approved']]).toEqual(['Draft', 'Pending review', 'Published']);
    expect(en['title']).toBe('{{Vendor}} page');
    expect(en['form.saved']).toBe('Saved');
  });
});
