import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { LANGUAGES } from './pick-language.ts';

/** The feature folders; each namespace's texts are in `<feature>/locales/<language>.json`. */
export const FEATURES_DIR = path.resolve(import.meta.dirname, '../features');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {} as Record<string, string>,
  );
}

/** A feature namespace's texts in one language, by dotted key. */
export const localeTexts = (namespace: string, language: string) =>
  flatten(JSON.parse(readFileSync(path.join(FEATURES_DIR, namespace, 'locales', `${language}.json`), 'utf8')));

// Store words may change case with grammar ({{Vendor}} at the start of a label, {{vendor}} inside one).
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).map((p) => p.toLowerCase()).sort();

/** For tests: every language has every key of the English texts, with the same placeholders, none empty. */
export function expectCompleteLocales(namespace: string) {
  const english = localeTexts(namespace, 'en');
  for (const language of LANGUAGES) {
    const these = localeTexts(namespace, language);
    expect(Object.keys(these).sort(), language).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(these)) {
      expect(text.trim(), `${language}: ${key}`).not.toBe('');
      expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(english[key]));
    }
  }
}
