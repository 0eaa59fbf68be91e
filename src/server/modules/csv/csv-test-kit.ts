/**
 * The platform's two product CSV header sets in full, as its exports write
 * them: the tests write platform files with them. The import reads the columns it uses by name
 * (parse-product-csv.ts) and ignores the others.
 */
export const PLATFORM_CLASSIC_COLUMNS = [
  'Handle', 'Title', 'Body (HTML)', 'Vendor', 'Product Category', 'Type', 'Tags', 'Published',
  'Option1 Name', 'Option1 Value', 'Option1 Linked To', 'Option2 Name', 'Option2 Value', 'Option2 Linked To',
  'Option3 Name', 'Option3 Value', 'Option3 Linked To', 'Variant SKU', 'Variant Grams', 'Variant Inventory Tracker',
  'Variant Inventory Qty', 'Variant Inventory Policy', 'Variant Fulfillment Service', 'Variant Price',
  'Variant Compare At Price', 'Variant Requires Shipping', 'Variant Taxable', 'Variant Barcode', 'Image Src',
  'Image Position', 'Image Alt Text', 'Gift Card', 'SEO Title', 'SEO Description', 'Google Shopping / Google Product Category',
  'Google Shopping / Gender', 'Google Shopping / Age Group', 'Google Shopping / MPN', 'Google Shopping / AdWords Grouping',
  'Google Shopping / AdWords Labels', 'Google Shopping / Condition', 'Google Shopping / Custom Product',
  'Google Shopping / Custom Label 0', 'Google Shopping / Custom Label 1', 'Google Shopping / Custom Label 2',
  'Google Shopping / Custom Label 3', 'Google Shopping / Custom Label 4', 'Variant Image', 'Variant Weight Unit',
  'Variant Tax Code', 'Cost per item', 'Included / United States', 'Price / United States',
  'Compare At Price / United States', 'Included / International', 'Price / International',
  'Compare At Price / International', 'Status',
] as const;


export const PLATFORM_CURRENT_COLUMNS = [
  'Title', 'URL handle', 'Description', 'Vendor', 'Product category', 'Type', 'Tags', 'Published on online store',
  'Status', 'SKU', 'Barcode', 'Option1 name', 'Option1 value', 'Option1 Linked To', 'Option2 name', 'Option2 value',
  'Option2 Linked To', 'Option3 name', 'Option3 value', 'Option3 Linked To', 'Price', 'Compare-at price',
  'Cost per item', 'Charge tax', 'Tax code', 'Unit price total measure', 'Unit price total measure unit',
  'Unit price base measure', 'Unit price base measure unit', 'Inventory tracker', 'Inventory quantity',
  'Continue selling when out of stock', 'Weight value (grams)', 'Weight unit for display', 'Requires shipping',
  'Fulfillment service', 'Product image URL', 'Image position', 'Image alt text', 'Variant image URL', 'Gift card',
  'SEO title', 'SEO description', 'Google Shopping / Google product category', 'Google Shopping / Gender',
  'Google Shopping / Age group', 'Google Shopping / Manufacturer part number (MPN)', 'Google Shopping / Ad group name',
  'Google Shopping / Ads labels', 'Google Shopping / Condition', 'Google Shopping / Custom product',
  'Google Shopping / Custom label 0', 'Google Shopping / Custom label 1', 'Google Shopping / Custom label 2',
  'Google Shopping / Custom label 3', 'Google Shopping / Custom label 4',
] as const;

