import { contentTypeOfMime, decodeMediaValue, type MediaItem } from '#shared/schemas/media';
import type { RegistrationFieldType } from '#shared/schemas/registration';
import { EXTENSION_TYPES, extensionOf } from '#shared/schemas/uploads';

/** How an application answer is shown. */
export type Answer =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'multiline'; text: string }
  | { kind: 'richtext'; html: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'terms'; accepted: boolean }
  | { kind: 'file'; url: string }
  | { kind: 'media'; items: MediaItem[] };

const MEDIA_PREFIX = 'UPLOAD_ME#';
const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
const mediaOf = (values: string[]) => values.map(decodeMediaValue).filter((item): item is MediaItem => item !== null);
const isUrl = (text: string) => /^https?:\/\/\S+$/i.test(text.trim());

/** A file answer by its link: a video (an uploaded .mp4, .webm, .mov) is watched in place, anything else opened. */
function fileAnswer(url: string): Answer {
  const path = url.split(/[?#]/)[0];
  const type = EXTENSION_TYPES[extensionOf(path.slice(path.lastIndexOf('/') + 1))];
  return type && contentTypeOfMime(type) === 'VIDEO'
    ? { kind: 'media', items: [{ contentType: 'VIDEO', src: url }] }
    : { kind: 'file', url };
}

/**
 * What an answer is, from the registration field's type when the form still has that field, else
 * from the value itself (the field may have been removed or renamed since the application).
 */
export function answerOf(value: unknown, type?: RegistrationFieldType): Answer {
  if (type === 'terms' || typeof value === 'boolean') return { kind: 'terms', accepted: value === true };
  const texts = strings(value);
  if (texts.length === 0) return { kind: 'empty' };
  switch (type) {
    case 'image':
    case 'media':
      return { kind: 'media', items: mediaOf(texts) };
    case 'checkbox':
      return { kind: 'list', items: texts };
    case 'richtext':
      return { kind: 'richtext', html: texts[0] };
    case 'textarea':
      return { kind: 'multiline', text: texts[0] };
    case 'file':
      return isUrl(texts[0]) ? fileAnswer(texts[0].trim()) : { kind: 'text', text: texts[0] };
    case 'text':
    case 'select':
      return { kind: 'text', text: texts[0] };
  }
  if (texts.every((text) => text.startsWith(MEDIA_PREFIX))) return { kind: 'media', items: mediaOf(texts) };
  if (Array.isArray(value)) return { kind: 'list', items: texts };
  const [text] = texts;
  if (isUrl(text)) return fileAnswer(text.trim());
  if (/<\/?[a-z][\s\S]*>/i.test(text)) return { kind: 'richtext', html: text };
  if (text.includes('\n')) return { kind: 'multiline', text };
  return { kind: 'text', text };
}
