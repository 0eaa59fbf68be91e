/**
 * The markup the rich-text editor writes, and all its answers may hold after the browser's clean-up:
 * paragraphs and line breaks, bold, italic and underline, two heading levels (a page's title is
 * its h1), bulleted and numbered lists, and links. The server's allow-list keeps every one of them
 * (test/rich-text.test.ts), so what the editor shows is what is stored. The old editor's `div`, `b`
 * and `i` stay readable: answers saved by it are opened again.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 'h2', 'h3', 'ul', 'ol', 'li', 'a', 'div', 'b', 'i'] as const;

/** A link's only attribute. */
export const RICH_TEXT_ATTRIBUTES = ['href'] as const;

/** What a link may point to: a web page or an e-mail address. */
export const RICH_TEXT_LINK = /^(https?:\/\/|mailto:)/i;
