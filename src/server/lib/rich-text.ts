import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for rich text we store and publish (product descriptions, vendor pages,
 * registration answers, rich-text metafields, translated descriptions). Formatting, links and
 * images over http(s) are kept; scripts, event attributes, styles, frames, forms, SVG and MathML
 * are dropped, and any other scheme (javascript:, data:, vbscript:) loses its attribute.
 */
const OPTIONS = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'blockquote',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Dropped with their content: what they hold is code or markup, never text for a buyer.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    // A link that opens a new tab must not hand the buyer's page to it (window.opener).
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
} satisfies sanitizeHtml.IOptions;

/** Allowed tags the sanitiser writes back exactly as they came when they are bare: no attribute to filter, no transform. */
const BARE_TAGS = new Set(
  OPTIONS.allowedTags.filter((tag) => !Object.hasOwn(OPTIONS.allowedAttributes, tag) && !Object.hasOwn(OPTIONS.transformTags, tag)),
);

/** The sanitiser writes these as `<br />` whatever the input's form (`<br>`, `<br/>`, `</br>`). */
const SELF_CLOSING = new Set(sanitizeHtml.defaults.selfClosing);

/**
 * A tag opening right inside one of the elements listed for it makes htmlparser2 close that element
 * first (its openImpliesClose, for the allowed tags): `<p><div>` comes out as `<p></p><div>`.
 */
const P = new Set(['p']);
const IMPLIED_CLOSE = new Map<string, ReadonlySet<string>>([
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'blockquote', 'dl', 'figure', 'figcaption', 'hr', 'ol', 'ul', 'pre', 'table'].map(
    (tag) => [tag, P] as const,
  ),
  ['li', new Set(['li'])],
  ['dt', new Set(['dt', 'dd'])],
  ['dd', new Set(['dt', 'dd'])],
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['tbody', new Set(['thead', 'tbody'])],
  ['tfoot', new Set(['thead', 'tbody'])],
]);

/**
 * A run of text, or a tag written with nothing but its lower-case name. What the sanitiser changes
 * in text (entities, a bare `>`) only ever starts at `<`, `>` or `&`, so text without them comes
 * back as it is.
 */
const TOKEN = /[^<>&]+|<(\/?)([a-z][a-z0-9]*)( \/)?>/y;

/**
 * True when the sanitiser would return `html` unchanged, known from one scan: text, and bare allowed
 * tags, balanced, that the parser neither closes early nor reorders. Anything else says false, even
 * where the sanitiser would keep it.
 */
export function isPlainMarkup(html: string): boolean {
  const open: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const token = TOKEN.exec(html);
    if (!token) return false;
    const [, closing, tag, selfClosing] = token;
    if (tag === undefined) continue;
    if (!BARE_TAGS.has(tag) || SELF_CLOSING.has(tag) !== (selfClosing !== undefined)) return false;
    if (closing) {
      // A void tag is never open, so `</br />` fails here too.
      if (open.pop() !== tag) return false;
    } else {
      if (IMPLIED_CLOSE.get(tag)?.has(open.at(-1) ?? '')) return false;
      if (!selfClosing) open.push(tag);
    }
  }
  return open.length === 0;
}

/** The sanitiser itself, without the fast path. */
export function sanitizeRichTextFully(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

export function sanitizeRichText(html: string): string {
  // Most imported and typed descriptions are plain text or already clean markup; parsing them would return them unchanged.
  return isPlainMarkup(html) ? html : sanitizeRichTextFully(html);
}
