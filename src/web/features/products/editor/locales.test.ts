import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '#shared/schemas/products';
import { LANGUAGES } from '../../../i18n/pick-language.ts';

const dir = path.resolve(import.meta.dirname, '../locales');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {} as Record<string, string>,
  );
}

/** The editor's own texts: the "editor" object of the products namespace. */
const editorTexts = (language: string) => (JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8')) as { editor: Record<string, unknown> }).editor;
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).map((p) => p.toLowerCase()).sort();

describe('the product editor texts', () => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    const english = flatten(editorTexts('en'));
    for (const language of LANGUAGES) {
      const these = flatten(editorTexts(language));
      expect(Object.keys(these).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(these)) {
        expect(text.trim(), `${language}: ${key}`).not.toBe('');
        expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(english[key]));
      }
    }
  });

  it('translate every fixed message of the shared product schema, keyed by its English text', () => {
    const messages = editorTexts('en').messages as Record<string, string>;
    for (const [key, text] of Object.entries(messages)) expect(text).toBe(key);
    for (const message of Object.values(PRODUCT_MESSAGES)) if (typeof message === 'string') expect(messages[message], message).toBe(message);
  });

  it('say the spec’s words', () => {
    const en = flatten(editorTexts('en'));
    expect(en['saved']).toBe('Saved');
    expect(en['messages.Required']).toBe('Required');
    expect(en['messages.Some metafields are required']).toBe('Some metafields are required');
    expect(en['approval.approved']).toBe('Approved');
    expect(en['approval.pending']).toBe('Pending review');
    expect(en['translations.outdated']).toBe('Outdated');
  });
});
