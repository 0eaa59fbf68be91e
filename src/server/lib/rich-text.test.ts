import { describe, expect, it } from 'vitest';
import { HARMLESS, UNSAFE, XSS_CORPUS } from '../../../test/support/xss-corpus.ts';
import { sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('strips every attack of the corpus', () => {
    const clean = sanitizeRichText(XSS_CORPUS);
    for (const pattern of UNSAFE) expect(clean).not.toMatch(pattern);
  });

  it('keeps harmless formatting as it is', () => {
    expect(sanitizeRichText(HARMLESS)).toBe(HARMLESS);
  });

  it('returns plain text exactly as the sanitiser would, and escapes a bare & or >', () => {
    for (const text of ['plain', 'He said "hi", it\'s 5 €', 'tab\tline\r\nnext', 'nul\u0000 and \u00a0 kept', '']) {
      expect(sanitizeRichText(text)).toBe(text);
      expect(sanitizeRichText(`<p>${text}</p>`)).toBe(`<p>${text}</p>`);
    }
    expect(sanitizeRichText('Fish & chips > 2')).toBe('Fish &amp; chips &gt; 2');
  });

  it('adds noopener to links that open a new tab', () => {
    expect(sanitizeRichText('<a href="https://a.test" target="_blank">a</a>')).toBe('<a href="https://a.test" target="_blank" rel="noopener noreferrer">a</a>');
  });
});
