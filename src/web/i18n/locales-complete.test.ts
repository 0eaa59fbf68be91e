import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './pick-language.ts';

const web = path.resolve(import.meta.dirname, '..');

/** The namespaces of the entry area: every language must carry every key. */
const NAMESPACES: Record<string, string> = {
  common: path.join(web, 'i18n/locales'),
  login: path.join(web, 'features/login/locales'),
  shell: path.join(web, 'features/shell/locales'),
  home: path.join(web, 'features/home/locales'),
};

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {} as Record<string, string>,
  );
}

function texts(dir: string, language: string): Record<string, string> {
  return flatten(JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8')));
}

describe('translations', () => {
  for (const [namespace, dir] of Object.entries(NAMESPACES)) {
    it(`${namespace}: en, nl, de, fr and es exist and have the same keys, none empty`, () => {
      expect(readdirSync(dir).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
      const english = Object.keys(texts(dir, 'en')).sort();
      for (const language of LANGUAGES) {
        const these = texts(dir, language);
        expect(Object.keys(these).sort(), `${namespace}/${language}`).toEqual(english);
        for (const [key, text] of Object.entries(these)) expect(text.trim(), `${namespace}/${language}: ${key}`).not.toBe('');
      }
    });

    it(`${namespace}: every {{placeholder}} of English is in each translation`, () => {
      const english = texts(dir, 'en');
      for (const language of LANGUAGES) {
        const these = texts(dir, language);
        for (const [key, text] of Object.entries(english)) {
          const wanted = (text.match(/{{\w+}}/g) ?? []).sort();
          expect((these[key].match(/{{\w+}}/g) ?? []).sort(), `${namespace}/${language}: ${key}`).toEqual(wanted);
        }
      }
    });
  }

  it('the English texts are the spec’s words', () => {
    const login = texts(NAMESPACES.login, 'en');
    expect(login['signIn.title']).toBe('Sign In');
    expect(login['signIn.submit']).toBe('Log in');
    expect(login['signIn.lostPassword']).toBe('Lost your password?');
    expect(login['changePassword.setTitle']).toBe('Set your password');
    expect(login['changePassword.resetTitle']).toBe('Reset your password');
    expect(login['changePassword.submitSet']).toBe('Set password & log in');
    expect(login['changePassword.submitChange']).toBe('Change password & log in');
    expect(login['changePassword.loginInstead']).toBe('Login instead');
    const shell = texts(NAMESPACES.shell, 'en');
    expect(shell['switchVendor.all']).toBe('All {{vendors}}');
    const common = texts(NAMESPACES.common, 'en');
    expect(common['form.optionalSuffix']).toBe(' (optional)');
    expect(common['form.saved']).toBe('Saved');
    expect(common['Must match a color like #4f46e5']).toBe('Must match a color like #4f46e5');
    expect(common['State is required']).toBe('State is required');
  });

  it('message translations are keyed by the message itself, so English reads the same', () => {
    // Messages are top-level strings; the shared components' own texts are grouped in objects.
    const common = JSON.parse(readFileSync(path.join(NAMESPACES.common, 'en.json'), 'utf8')) as Record<string, unknown>;
    for (const [key, text] of Object.entries(common)) {
      if (typeof text === 'string' && /[ .!?']/.test(key)) expect(text).toBe(key);
    }
  });
});
