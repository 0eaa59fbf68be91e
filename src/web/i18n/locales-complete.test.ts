import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeDir, localeTexts, screenNamespaces } from './locale-texts.ts';
import { LANGUAGES } from './pick-language.ts';

const web = path.resolve(import.meta.dirname, '..');
const foldersWithLocales = (dir: string) =>
  readdirSync(path.join(web, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && readdirSync(path.join(web, dir, entry.name)).includes('locales'))
    .map((entry) => entry.name);

/** Every namespace there is: common, every feature folder (each must have texts) and the shared components that have their own. */
const features = readdirSync(path.join(web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const NAMESPACES = ['common', ...features, ...screenNamespaces().keys(), ...foldersWithLocales('components')];

// Store words may change case with grammar ({{Vendor}} at the start of a label, {{vendor}} inside one).
const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).map((p) => p.toLowerCase()).sort();

describe.each(NAMESPACES)('%s texts', (namespace) => {
  it('exist in en, nl, de, fr and es with the same keys and placeholders, none empty', () => {
    expect(
      readdirSync(localeDir(namespace))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
    const english = localeTexts(namespace, 'en');
    for (const language of LANGUAGES) {
      const these = localeTexts(namespace, language);
      expect(Object.keys(these).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(these)) {
        expect(text.trim(), `${language}: ${key}`).not.toBe('');
        expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(english[key]));
      }
    }
  });

  it('translate a message under its own English text, so English reads the same', () => {
    // Messages are keyed by the sentence itself (a key with a space); named keys hold the screens' texts.
    const raw = JSON.parse(readFileSync(path.join(localeDir(namespace), 'en.json'), 'utf8')) as Record<string, unknown>;
    const messages = namespace === 'common' ? raw : ((raw.messages ?? {}) as Record<string, unknown>);
    for (const [key, text] of Object.entries(messages)) if (typeof text === 'string' && key.includes(' ')) expect(text).toBe(key);
  });
});

describe('the English texts', () => {
  it('are the spec’s words', () => {
    const login = localeTexts('login', 'en');
    expect(login['signIn.title']).toBe('Sign In');
    expect(login['signIn.submit']).toBe('Log in');
    expect(login['signIn.lostPassword']).toBe('Lost your password?');
    expect(login['changePassword.setTitle']).toBe('Set your password');
    expect(login['changePassword.resetTitle']).toBe('Reset your password');
    expect(login['changePassword.submitSet']).toBe('Set password & log in');
    expect(login['changePassword.submitChange']).toBe('Change password & log in');
    expect(login['changePassword.loginInstead']).toBe('Login instead');
    expect(localeTexts('shell', 'en')['switchVendor.all']).toBe('All {{vendors}}');
    const common = localeTexts('common', 'en');
    expect(common['form.optionalSuffix']).toBe(' (optional)');
    expect(common['form.saved']).toBe('Saved');
    expect(common['Required field']).toBe('Required field');
    expect(common['Must match a color like #4f46e5']).toBe('Must match a color like #4f46e5');
    expect(common['Should be before the start date']).toBe('Should be before the start date');
    expect(common['State is required']).toBe('State is required');
  });
});
