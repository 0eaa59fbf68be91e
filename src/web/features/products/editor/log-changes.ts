/** One line of a change-log entry: what changed, from what, to what (the logged values, made readable by formatLogValue). */
export interface ChangeLine {
  /** The changed field's path as logged ('title', 'seo.title', 'variants.<id>.price', 'nl.title'). */
  field: string;
  before: unknown;
  after: unknown;
}

/** The words a value is shown in: the reader's language. */
export interface ValueWords {
  yes: string;
  no: string;
  /** A product status (DRAFT, ACTIVE, ARCHIVED) by its name. */
  status: (status: string) => string;
  language: string;
}

const EMPTY = '—';
const MAX_TEXT = 300;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
/** Whether a field changed as a reader sees it: an empty text and nothing read the same (a dash). */
const differ = (a: unknown, b: unknown) => JSON.stringify(isEmpty(a) ? null : a) !== JSON.stringify(isEmpty(b) ? null : b);

/**
 * The lines of an entry's `changes` ({field: {before, after}}). An object (a variant, the SEO texts,
 * a deleted product) gives one line per field that differs, so no line ever shows an object.
 */
export function describeChanges(changes: Record<string, { before: unknown; after: unknown }>): ChangeLine[] {
  return Object.entries(changes).flatMap(([field, { before, after }]) => {
    const objects =
      (isPlainObject(before) || before == null) &&
      (isPlainObject(after) || after == null) &&
      (isPlainObject(before) || isPlainObject(after));
    if (!objects) return [{ field, before, after }];
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    return [...new Set([...Object.keys(b), ...Object.keys(a)])]
      .filter((k) => differ(b[k], a[k]))
      .map((k) => ({ field: `${field}.${k}`, before: b[k], after: a[k] }));
  });
}

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

/** Rich text by its words: the log says what the description reads, not its markup. */
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

/** An item of a list (options, media, metafields) in words: "Size: S, M", an image by its alt text or file name, "key: value". */
function itemText(item: Record<string, unknown>, words: ValueWords): string {
  if (typeof item.name === 'string' && Array.isArray(item.values))
    return `${item.name}: ${item.values.map((v) => formatLogValue(v, words)).join(', ')}`;
  if (typeof item.src === 'string')
    return (typeof item.alt === 'string' && item.alt) || decodeURIComponent(item.src.split(/[?#]/)[0].split('/').pop() || item.src);
  if (typeof item.key === 'string' && 'value' in item) return `${item.key}: ${formatLogValue(item.value, words)}`;
  return Object.entries(item)
    .filter(([, v]) => !isEmpty(v))
    .map(([k, v]) => `${k}: ${formatLogValue(v, words)}`)
    .join(', ');
}

/** A logged value in words: yes/no, numbers in the reader's format, texts without markup, lists item by item, nothing as a dash. */
export function formatLogValue(value: unknown, words: ValueWords, field = ''): string {
  if (isEmpty(value)) return EMPTY;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return new Intl.NumberFormat(words.language).format(value);
  if (typeof value === 'string') {
    if (/(^|\.)status$/.test(field)) return words.status(value);
    return cut(/<[a-z/][^>]*>/i.test(value) ? plainText(value) : value);
  }
  if (Array.isArray(value))
    return cut(value.map((item) => (isPlainObject(item) ? itemText(item, words) : formatLogValue(item, words))).join('; '));
  if (isPlainObject(value)) return cut(itemText(value, words));
  return cut(String(value));
}
