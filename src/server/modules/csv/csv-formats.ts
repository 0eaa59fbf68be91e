import { MARKETPLACE_IMPORT_COLUMNS } from '#shared/csv-columns';

/**
 * The three product CSV header sets the import accepts, detected from the header row: our own
 * and the storefront platform's classic and current exports. Our format also reads every column of our product export.
 */
export type CsvFormat = 'marketplace' | 'platform-classic' | 'platform-current';

/** `Label (product.metafields.namespace.key)` columns of the current export. */
export const METAFIELD_COLUMN = /\(product\.metafields\.([\w-]+)\.([\w-]+)\)\s*$/;

const lower = (s: string) => s.trim().toLowerCase();

export function detectFormat(headers: string[]): CsvFormat {
  const set = new Set(headers.map(lower).filter((h) => h !== ''));
  // Our own columns only (our export has a Handle and a "Variant ID"): our format.
  if ([...set].every((h) => MARKETPLACE_IMPORT_COLUMNS.includes(h))) return 'marketplace';
  // Any "Variant ..." column but our "Variant ID" marks the classic set, so a classic file missing its price hears "Missing columns", not a list of unknown ones.
  if (set.has('handle') && [...set].some((h) => h.startsWith('variant ') && !MARKETPLACE_IMPORT_COLUMNS.includes(h)))
    return 'platform-classic';
  if (set.has('url handle') || (set.has('title') && set.has('compare-at price'))) return 'platform-current';
  return 'marketplace';
}

/**
 * Headers our format does not know: the import refuses them rather than drop data silently. The platform's files are read for the columns we use; the others, and the ones the platform
 * adds over the years (markets, unit prices, new Google Shopping fields), are ignored.
 */
export function unknownColumns(format: CsvFormat, headers: string[]): string[] {
  if (format !== 'marketplace') return [];
  return headers.filter((h) => h.trim() !== '' && !MARKETPLACE_IMPORT_COLUMNS.includes(lower(h)));
}
