/**
 * Our product CSV columns, in the header names the import reads
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

/**
 * The product export's columns, in its order: the import row above plus what a person reviewing the
 * list wants to see. The import reads every one of them as our own format (docs/decisions/csv-import.md "CSV
 * round trip"), so an exported file, edited or not, imports back.
 */
export const PRODUCT_EXPORT_COLUMNS = [
  'ID',
  'Handle',
  'Title',
  'Description',
  'Vendor',
  'Status',
  'Approved',
  'Variant ID',
  'SKU',
  'Barcode',
  'Price',
  'Compare Price',
  'Weight',
  'Weight Unit',
  'Stock',
  'Images',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'SEO Title',
  'SEO Description',
  'Updated At',
] as const;

/** Export columns the import accepts and ignores: approval is an admin's decision, the time the database's. */
export const READ_ONLY_COLUMNS = ['approved', 'updated at'] as const;

/** Every header our own format accepts (lower case); anything else is an unknown column. */
export const MARKETPLACE_IMPORT_COLUMNS: readonly string[] = [
  ...new Set([...MARKETPLACE_COLUMNS, ...PRODUCT_EXPORT_COLUMNS.map((c) => c.toLowerCase())]),
];
