import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HARMLESS, UNSAFE, XSS_CORPUS } from '../../../test/support/xss-corpus.ts';
import { isPlainMarkup, sanitizeRichText, sanitizeRichTextFully } from './rich-text.ts';

/** Allowed tags that take no attribute: the only ones the fast path may pass. */
const BARE =
  'p br hr div span strong b em i u s sub sup small mark blockquote code pre h1 h2 h3 h4 h5 h6 ul li dl dt dd figure figcaption table caption thead tbody tfoot tr'.split(
    ' ',
  );
const VOID = new Set(['br', 'hr', 'img']);
const element = (tag: string) => (VOID.has(tag) ? `<${tag} />` : `<${tag}>x</${tag}>`);

/** The fast path's promise: whatever it passes, the sanitiser would have returned as it is. */
function expectSameAsSanitiser(html: string) {
  const full = sanitizeRichTextFully(html);
  if (isPlainMarkup(html)) expect(full, html).toBe(html);
  expect(sanitizeRichText(html), html).toBe(full);
}

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
    expect(sanitizeRichText('<a href="https://a.test" target="_blank">a</a>')).toBe(
      '<a href="https://a.test" target="_blank" rel="noopener noreferrer">a</a>',
    );
  });
});

describe('the fast path of sanitizeRichText', () => {
  it('passes typical descriptions, and what the sanitiser wrote (stored descriptions read again)', () => {
    for (const html of [
      '<p>Product 123 of the import benchmark, with a description of a usual length for a marketplace listing.</p>',
      '<p>Warm <b>light</b></p>',
      '<ul><li>a</li><li>b</li></ul>',
      'A mug, 250 ml.',
      sanitizeRichTextFully('<p>Line one<br>line two</p>'),
    ]) {
      expect(isPlainMarkup(html), html).toBe(true);
      expectSameAsSanitiser(html);
    }
  });

  const cases: [html: string, fast: boolean][] = [
    ['', true],
    ['<p></p>', true],
    ['<p>Line one<br />line two</p><hr />', true],
    ['<h2>Care</h2><p><strong>Hand</strong> <em>wash</em></p><blockquote><p>Lovely</p></blockquote>', true],
    ['<dl><dt>Size</dt><dd>10 cm</dd></dl><table><caption>c</caption><thead><tr></tr></thead><tbody><tr></tr></tbody></table>', true],
    ['<pre>\n  code</pre><p>"quoted" it\'s = / \u0000 \u00a0 \u2028 \uD800 ✓</p>', true],
    // The parser leaves these as they are, so they pass although a browser would read them otherwise.
    ['<li>outside a list</li>', true],
    ['<p><span><p>x</p></span></p>', true],
    // Written differently by the sanitiser.
    ['<p>Line one<br>line two</p>', false],
    ['<br/>', false],
    ['<br  />', false],
    ['</br>', false],
    ['<br></br>', false],
    ['<p />', false],
    ['<P>x</P>', false],
    ['<p>x</P>', false],
    ['<p >x</p>', false],
    ['< p>x</p>', false],
    ['<p>x</p >', false],
    ['<p\n>x</p>', false],
    // Closed, reopened or reordered by the parser.
    ['<p><b>x</p></b>', false],
    ['<p>unclosed', false],
    ['closed</p>', false],
    ['<b>x</b></b>', false],
    ['<p><p>x</p></p>', false],
    ['<p><div>x</div></p>', false],
    ['<p><hr /></p>', false],
    ['<ul><li>a<li>b</li></li></ul>', false],
    ['<dl><dt>a<dd>b</dd></dt></dl>', false],
    ['<table><tr><tr></tr></tr></table>', false],
    // Text the sanitiser escapes or decodes.
    ['<p>Fish &amp; chips</p>', false],
    ['<p>Fish & chips</p>', false],
    ['<p>&#60;b&#62;</p>', false],
    ['<p>2 > 1</p>', false],
    ['<p>1 < 2</p>', false],
    // Attributes, tags with attributes or a transform, tags it drops.
    ['<p class="x">x</p>', false],
    ['<p title>x</p>', false],
    ['<a href="https://a.test">x</a>', false],
    ['<a>x</a>', false],
    ['<ol><li>x</li></ol>', false],
    ['<img />', false],
    ['<table><tr><td>x</td></tr></table>', false],
    ['<script>alert(1)</script>', false],
    ['<textarea><p>x</p></textarea>', false],
    ['<svg><p>x</p></svg>', false],
    ['<section>x</section>', false],
    ['<h7>x</h7>', false],
    // Not tags at all.
    ['<!-- note --><p>x</p>', false],
    ['<![CDATA[x]]>', false],
    ['<!DOCTYPE html><p>x</p>', false],
    ['<?xml version="1.0"?>', false],
    ['<p>x</p><', false],
  ];
  it.each(cases)('%j: fast path %s, same output as the sanitiser', (html, fast) => {
    expect(isPlainMarkup(html)).toBe(fast);
    expectSameAsSanitiser(html);
  });

  it('passes exactly the nestings of two bare tags that the sanitiser keeps as they are', () => {
    for (const outer of BARE.filter((tag) => !VOID.has(tag))) {
      for (const inner of BARE) {
        const html = `<${outer}>${element(inner)}</${outer}>`;
        expect(isPlainMarkup(html), html).toBe(sanitizeRichTextFully(html) === html);
      }
    }
  });

  /** Random markup: bare tags and clean text only, or (dirty) with other tags, bad pieces, closing tags left out or in upper case. */
  function randomMarkup(dirty: boolean) {
    const tags = dirty
      ? [...BARE, 'ol', 'a', 'img', 'td', 'th', 'section', 'script', 'textarea', 'title', 'svg', 'xmp', 'option', 'body']
      : BARE;
    const text = fc.constantFrom(
      'Warm',
      ' light ',
      'line\nnext',
      '"q"',
      "it's",
      '5 €',
      '\u00a0',
      '\t',
      '\r\n',
      '=/',
      '\u0000',
      '\uD800',
      '',
    );
    const bad = fc.constantFrom(
      '&amp;',
      '&',
      '&lt;',
      '>',
      '<',
      '<!-- c -->',
      '<![CDATA[x]]>',
      '<!DOCTYPE html>',
      '<p class="x">',
      '</b>',
      '</p>',
      '</li>',
      '<b >',
      '< b>',
      '<B>',
      '<br>',
      '<br/>',
      '</br>',
      '<p />',
      '<a href="https://a.test">',
    );
    const closing = dirty ? fc.constantFrom('as written', 'as written', 'left out', 'upper case') : fc.constant('as written');
    return fc.letrec((tie) => ({
      node: fc.oneof(
        { maxDepth: 5 },
        { weight: 4, arbitrary: text },
        { weight: dirty ? 1 : 0, arbitrary: bad },
        {
          weight: 5,
          arbitrary: fc.tuple(fc.constantFrom(...tags), tie('nodes'), closing).map(([tag, inner, close]) => {
            if (VOID.has(tag)) return `<${tag} />${inner}`;
            return `<${tag}>${inner}${close === 'left out' ? '' : close === 'upper case' ? `</${tag.toUpperCase()}>` : `</${tag}>`}`;
          }),
        },
      ),
      nodes: fc.array(tie('node'), { maxLength: 4 }).map((parts) => (parts as string[]).join('')),
    })).nodes;
  }

  it('gives the sanitiser output for random markup', () => {
    const runs = 4000;
    let fast = 0;
    fc.assert(
      fc.property(fc.oneof(randomMarkup(false), randomMarkup(true)), (html) => {
        if (isPlainMarkup(html) && html.includes('<')) fast++;
        expectSameAsSanitiser(html);
      }),
      { numRuns: runs },
    );
    // The run proves something only if a fair share of it took the fast path with tags.
    expect(fast).toBeGreaterThan(runs / 5);
  });
});
