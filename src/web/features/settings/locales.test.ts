import { readFileSync } from 'node:fs';
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
// Capitals may differ by grammar ({{Vendor}} at the start of an English label, {{vendor}} inside a Dutch one).
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).map((p) => p.toLowerCase()).sort();

describe.each(['settings', 'vendors'])('%s texts', (namespace) => {
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

describe('the English texts', () => {
  it('are the spec’s words', () => {
    const settings = texts('settings', 'en');
    expect(settings['messages.Must match a color like #4f46e5']).toBe('Must match a color like #4f46e5');
    expect(settings['messages.Should be before the start date']).toBe('Should be before the start date');
    expect(settings['messages.State is required']).toBe('State is required');
    expect(settings['form.saved']).toBe('Saved');
    const vendors = texts('vendors', 'en');
    expect(vendors['list.inviteSent']).toBe('Invite sent');
    expect(vendors['list.createAccount']).toBe('Create account');
    expect(vendors['applications.empty']).toBe('No applications yet');
    expect(vendors['list.empty']).toBe('No {{vendors}} yet');
  });

  it('translate each message under its own English text', () => {
    for (const [key, text] of Object.entries(texts('settings', 'en'))) {
      if (key.startsWith('messages.')) expect(text).toBe(key.slice('messages.'.length));
    }
  });
});
