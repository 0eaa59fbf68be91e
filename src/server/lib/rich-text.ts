import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for rich text we store and publish (product descriptions, vendor pages,
 * registration answers, rich-text metafields, translated descriptions). Formatting, links and
 * images over http(s) are kept; scripts, event attributes, styles, frames, forms, SVG and MathML
 * are dropped, and any other scheme (javascript:, data:, vbscript:) loses its attribute.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'blockquote', 'code', 'pre',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
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
};

/** What the sanitiser changes or drops only ever starts at one of these: text without them comes back as it is. */
const MARKUP = /[<>&]/;

export function sanitizeRichText(html: string): string {
  // Most imported and typed descriptions are plain text; parsing them would return them unchanged.
  return MARKUP.test(html) ? sanitizeHtml(html, OPTIONS) : html;
}
