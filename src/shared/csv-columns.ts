/**
 * Our product CSV columns (spec §3 "CSV product import row"), in the header names the import reads
 * and in the template's order; compared case-insensitively. The vendor column may only be set by an
 * admin: a vendor's rows are its own.
 */
export const MARKETPLACE_COLUMNS = [
  'id',
  'sku',
  'vendor',
  'price',
  'compare price',
  'weight',
  'weight unit',
  'stock',
  'title',
  'images',
  'description',
  'option1 name',
  'option1 value',
  'option2 name',
  'option2 value',
  'option3 name',
  'option3 value',
] as const;

export type MarketplaceColumn = (typeof MARKETPLACE_COLUMNS)[number];
