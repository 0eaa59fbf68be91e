/**
 * Whether two values are the same JSON: what JSON.stringify would write for them, whatever the order
 * of their objects' keys (jsonb hands objects back in its own key order, not ours). A key whose value
 * is undefined counts as absent, undefined as null, a Date (anything with toJSON) as its JSON form.
 * Compared in place, stopping at the first difference: no text is built for either side.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const x = jsonForm(a);
  const y = jsonForm(b);
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x)) return Array.isArray(y) && x.length === y.length && x.every((item, i) => sameJson(item, y[i]));
  if (Array.isArray(y)) return false;
  const left = x as Record<string, unknown>;
  const right = y as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    if (left[key] === undefined) continue;
    // Absent on the right is not null on the left.
    if (right[key] === undefined || !sameJson(left[key], right[key])) return false;
    keys++;
  }
  for (const key in right) if (right[key] !== undefined) keys--;
  return keys === 0;
}

/** The value JSON.stringify writes in place of this one: its toJSON's, null for undefined. */
function jsonForm(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return (value as { toJSON: () => unknown }).toJSON();
  return value;
}
