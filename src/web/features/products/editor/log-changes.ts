/** One line of a change-log entry: what changed, from what, to what (values already made readable). */
export interface ChangeLine {
  /** The changed field's path as logged ('title', 'variants.<id>', 'variants.<id>.price', 'nl.title'). */
  field: string;
  before: string;
  after: string;
}

const EMPTY = '—';
const MAX_TEXT = 300;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A logged value as text: strings as they are (cut when long), nothing as a dash, the rest as compact JSON. */
export function formatLogValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/**
 * The lines of an entry's `changes` ({field: {before, after}}). A variant logged field by field
 * (`variants.<id>: {before: {price}, after: {price}}`) gives one line per field; a whole object
 * added or removed stays one line.
 */
export function describeChanges(changes: Record<string, { before: unknown; after: unknown }>): ChangeLine[] {
  return Object.entries(changes).flatMap(([field, { before, after }]) => {
    if (isPlainObject(before) && isPlainObject(after)) {
      const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
      if (keys.length > 0 && keys.every((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))) {
        return keys.map((k) => ({ field: `${field}.${k}`, before: formatLogValue(before[k]), after: formatLogValue(after[k]) }));
      }
    }
    return [{ field, before: formatLogValue(before), after: formatLogValue(after) }];
  });
}
