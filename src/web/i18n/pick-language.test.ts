import { describe, expect, it } from 'vitest';
import { pickLanguage } from './pick-language.ts';

describe('pickLanguage', () => {
  it('takes the first browser language we have', () => {
    expect(pickLanguage('shop.example.com', ['de-DE', 'en-US'])).toBe('de');
    expect(pickLanguage('shop.example.com', ['fr'])).toBe('fr');
    expect(pickLanguage('shop.example.com', ['ES-es'])).toBe('es');
  });

  it('skips languages we do not have', () => {
    expect(pickLanguage('shop.example.com', ['ja-JP', 'nl-BE', 'en'])).toBe('nl');
  });

  it('falls back to English', () => {
    expect(pickLanguage('shop.example.com', ['ja-JP'])).toBe('en');
    expect(pickLanguage('shop.example.com', [])).toBe('en');
  });

  it('is Dutch on hosts ending in .nl, whatever the browser says', () => {
    expect(pickLanguage('marktplaats.example.nl', ['en-US', 'de'])).toBe('nl');
    expect(pickLanguage('example.nlx.com', ['en-US'])).toBe('en');
  });
});
