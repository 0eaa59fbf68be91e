/** One translation: the text `value` for `key` in `locale`. */
export interface DictRow {
  locale: string;
  key: string;
  value: string;
}

export type Dict = Record<string, Record<string, string>>;

/** The rows of a translations dict, by locale then key. */
export function rowsOf(dict: Dict): DictRow[] {
  return Object.entries(dict)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([locale, entries]) =>
      Object.entries(entries)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => ({ locale, key, value })),
    );
}

/**
 * The dict the rows stand for. A row still being typed (no locale or key yet) is not in it; of two
 * rows with the same locale and key, the later one wins, as it would on the storefront.
 */
export function dictOf(rows: readonly DictRow[]): Dict {
  const dict: Dict = {};
  for (const { locale, key, value } of rows) {
    const [l, k] = [locale.trim(), key.trim()];
    if (!l || !k) continue;
    dict[l] ??= {};
    dict[l][k] = value;
  }
  return dict;
}

/** Whether two dicts hold the same translations, whatever the order of their keys. */
export function sameDict(a: Dict, b: Dict): boolean {
  const flat = (dict: Dict) => JSON.stringify(rowsOf(dict));
  return flat(a) === flat(b);
}
