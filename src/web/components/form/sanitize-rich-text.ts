import DOMPurify from 'dompurify';

/**
 * The formatting the editor's buttons produce, and nothing else: pasted content can carry scripts,
 * styles and tracking images, and the answer is shown to the marketplace's admins as HTML.
 */
const ALLOWED_TAGS = ['p', 'div', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a'];

export function sanitizeRichText(html: string): string {
  const clean = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href'] });
  // An editor the user emptied still holds a <br> or an empty block: that is no answer.
  const text = new DOMParser().parseFromString(clean, 'text/html').body.textContent ?? '';
  return text.trim() === '' ? '' : clean;
}
