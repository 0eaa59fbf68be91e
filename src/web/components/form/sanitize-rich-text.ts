import DOMPurify from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '#shared/rich-text-tags';

/**
 * The formatting the editor's buttons produce, and nothing else: pasted content can carry scripts,
 * styles and tracking images, and the answer is shown to the marketplace's admins as HTML.
 */
export function sanitizeRichText(html: string): string {
  const clean = DOMPurify.sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES] });
  // An editor the user emptied still holds a <br> or an empty block: that is no answer.
  const text = new DOMParser().parseFromString(clean, 'text/html').body.textContent ?? '';
  return text.trim() === '' ? '' : clean;
}
