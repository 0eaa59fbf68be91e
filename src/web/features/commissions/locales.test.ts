import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/pick-language.ts';

const features = path.resolve(import.meta.dirname, '..');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {} as Record<string, string>,
  );
}

const texts = (namespace: string, language: string) =>
  flatten(JSON.parse(readFileSync(path.join(features, namespace, 'locales', `${language}.json`), 'utf8')));
// Store words may change case with grammar ({{Vendor}} at the start of a label, {{vendor}} inside one).
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).map((p) => p.toLowerCase()).sort();

/** The administration screens' texts: every language has every key, with the same placeholders. */
const NAMESPACES = ['commissions', 'delivery', 'notifications', 'metafields'].filter((ns) => existsSync(path.join(features, ns, 'locales', 'en.json')));

describe.each(NAMESPACES)('%s texts', (namespace) => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    const english = texts(namespace, 'en');
    for (const language of LANGUAGES) {
      const these = texts(namespace, language);
      expect(Object.keys(these).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(these)) {
        expect(text.trim(), `${language}: ${key}`).not.toBe('');
        expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(english[key]));
      }
    }
  });
});

describe('the English commission texts', () => {
  it('say the schema’s messages in its words', () => {
    const en = texts('commissions', 'en');
    expect(en['messages.gap']).toBe('There should not be a gap between {{from}} and {{to}}');
    expect(en['messages.overlap']).toBe('There should not be an overlap between {{from}} and {{to}}');
    expect(en['saved']).toBe('Saved');
    expect(en['useMarketplaceLines']).toBe('Use the marketplace lines');
  });
});
