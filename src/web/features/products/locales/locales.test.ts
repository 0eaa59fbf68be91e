import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../i18n/pick-language.ts';

const dir = import.meta.dirname;

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {} as Record<string, string>,
  );
}

const texts = (language: string) => flatten(JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8')));
// Store words may change case with grammar ({{Products}} at the start of a label, {{products}} inside one).
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).map((p) => p.toLowerCase()).sort();

/** The products namespace (list, import, export, actions and the editor's texts): every language, every key. */
describe('products texts', () => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.json')).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
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

  it('say the words the browser test and the issue name', () => {
    const en = texts('en');
    expect(en['import.confirm_other']).toBe('Import {{count}} {{products}}');
    expect(en['list.approval.pending']).toBe('Pending review');
    expect(en['list.empty.none']).toBe('No {{products}} yet');
  });
});
