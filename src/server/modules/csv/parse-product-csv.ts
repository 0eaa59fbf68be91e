import Papa from 'papaparse';
import { parseNumber } from '#shared/parse-number';
import { MSG } from '#shared/messages';
import { AppError } from '../../http/errors.ts';
import { detectFormat, METAFIELD_COLUMN, unknownColumns, type CsvFormat } from './csv-formats.ts';

export const WEIGHT_UNITS = ['GRAMS', 'KILOGRAMS', 'OUNCES', 'POUNDS'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** A file bigger than this or with more rows is refused before any row is read (security.md 16). */
export const CSV_LIMITS = { maxBytes: 50 * 1024 * 1024, maxRows: 200_000 } as const;

export interface ImportedVariant {
  line: number;
  sku: string;
  /** Decimal text in major units ("19.99"), as the products API takes it. */
  price: string;
  compareAt: string | null;
  barcode: string | null;
  weight: number;
  weightUnit: WeightUnit;
  /** null = not tracked ("Untracked"). */
  stock: number | null;
  requiresShipping: boolean;
  taxable: boolean;
  options: string[];
}

export interface ImportedProduct {
  /** The row that starts the product (the header is row 1). */
  line: number;
  id: string | null;
  handle: string | null;
  vendor: string | null;
  title: string;
  bodyHtml: string;
  status: 'ACTIVE' | 'DRAFT' | null;
  options: { name: string; values: string[] }[];
  variants: ImportedVariant[];
  images: { src: string; alt: string }[];
  seo: { title: string; description: string } | null;
  metafields: { namespace: string; key: string; value: string }[];
}

export interface RowProblem {
  line: number;
  column?: string;
  message: string;
}

export interface ParsedCsv {
  format: CsvFormat;
  rowCount: number;
  products: ImportedProduct[];
  /** Rows that cannot be imported; the products they belong to are left out. */
  errors: RowProblem[];
  /** Imported, but worth a look (e.g. a barcode a spreadsheet turned into 3.65275E+11). */
  warnings: RowProblem[];
}

/** One CSV row read into the same shape whatever its header set. */
interface NormalRow {
  line: number;
  groupKey: string;
  id: string;
  handle: string;
  title: string;
  body: string;
  vendor: string;
  sku: string;
  barcode: string;
  optionNames: string[];
  optionValues: string[];
  price: string;
  compareAt: string;
  weight: string;
  weightUnit: string;
  stock: string;
  tracked: boolean | null;
  requiresShipping: string;
  taxable: string;
  images: string[];
  imageAlt: string;
  status: string;
  seoTitle: string;
  seoDescription: string;
  metafields: { namespace: string; key: string; value: string }[];
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new AppError('bad_request', 'The file is not UTF-8 encoded: save it as "CSV UTF-8" and try again');
  }
}

const cell = (row: Record<string, string>, name: string) => (row[name.toLowerCase()] ?? '').trim();

function normalise(format: CsvFormat, row: Record<string, string>, line: number, headers: string[]): NormalRow {
  const c = (name: string) => cell(row, name);
  if (format === 'marketplace') {
    const images = c('images') ? c('images').split(/[\s,]+/).filter(Boolean) : [];
    return {
      line,
      groupKey: c('id') || c('title').toLowerCase(),
      id: c('id'),
      handle: '',
      title: c('title'),
      body: c('description'),
      vendor: c('vendor'),
      sku: c('sku'),
      barcode: '',
      optionNames: [1, 2, 3].map((i) => c(`option${i} name`)),
      optionValues: [1, 2, 3].map((i) => c(`option${i} value`)),
      price: c('price'),
      compareAt: c('compare price'),
      weight: c('weight'),
      weightUnit: c('weight unit'),
      stock: c('stock'),
      tracked: null,
      requiresShipping: '',
      taxable: '',
      images,
      imageAlt: '',
      status: '',
      seoTitle: '',
      seoDescription: '',
      metafields: [],
    };
  }
  const classic = format === 'platform-classic';
  const handle = classic ? c('Handle') : c('URL handle');
  const tracker = classic ? c('Variant Inventory Tracker') : c('Inventory tracker');
  const images = [classic ? c('Image Src') : c('Product image URL'), classic ? c('Variant Image') : c('Variant image URL')].filter(Boolean);
  const metafields = classic
    ? []
    : headers.flatMap((h) => {
        const match = METAFIELD_COLUMN.exec(h);
        const value = cell(row, h);
        return match && value ? [{ namespace: match[1], key: match[2], value }] : [];
      });
  return {
    line,
    groupKey: (handle || c('Title')).toLowerCase(),
    id: '',
    handle,
    title: c('Title'),
    body: classic ? c('Body (HTML)') : c('Description'),
    vendor: c('Vendor'),
    sku: classic ? c('Variant SKU') : c('SKU'),
    barcode: classic ? c('Variant Barcode') : c('Barcode'),
    optionNames: [1, 2, 3].map((i) => c(classic ? `Option${i} Name` : `Option${i} name`)),
    optionValues: [1, 2, 3].map((i) => c(classic ? `Option${i} Value` : `Option${i} value`)),
    price: classic ? c('Variant Price') : c('Price'),
    compareAt: classic ? c('Variant Compare At Price') : c('Compare-at price'),
    weight: classic ? c('Variant Grams') : c('Weight value (grams)'),
    // Both platform exports give the weight in grams whatever unit they display.
    weightUnit: 'GRAMS',
    stock: classic ? c('Variant Inventory Qty') : c('Inventory quantity'),
    tracked: tracker !== '',
    requiresShipping: classic ? c('Variant Requires Shipping') : c('Requires shipping'),
    taxable: classic ? c('Variant Taxable') : c('Charge tax'),
    images,
    imageAlt: classic ? c('Image Alt Text') : c('Image alt text'),
    status: c('Status'),
    seoTitle: classic ? c('SEO Title') : c('SEO title'),
    seoDescription: classic ? c('SEO Description') : c('SEO description'),
    metafields,
  };
}

/** Rows of the platform exports that only add an image to the product above them. */
const isImageOnly = (r: NormalRow) => !r.sku && !r.price && r.optionValues.every((v) => !v) && r.images.length > 0 && !r.title;

const isUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const flag = (value: string, fallback: boolean) => (value === '' ? fallback : !/^(false|no|0|n)$/i.test(value));

/**
 * A price of 0 or more with its separators normalised ("1.234,50" → "1234.5"); null when it is not a
 * number. Not rounded: the product rules refuse more decimals than the store's currency has.
 */
function money(value: string): string | null {
  const n = parseNumber(value);
  return Number.isFinite(n) && n >= 0 ? String(n) : null;
}

const PARSE_MESSAGES: Record<string, string> = {
  MissingQuotes: 'A quote is not closed',
  InvalidQuotes: 'A quote is misplaced',
  TooFewFields: 'The row has fewer columns than the header',
  TooManyFields: 'The row has more columns than the header',
};

export interface ParseOptions {
  /** Only an admin may set the vendor column (security.md 11). */
  isAdmin: boolean;
  defaultWeightUnit?: WeightUnit;
}

/**
 * Reads a product CSV of any of the three header sets and checks every row with the spec's rules
 * (sku, title and price required; price >= 0; option pairs; weight units; images as URLs; unknown
 * columns refused; "Untracked" stock; vendor column for admins only). Nothing is written here: the
 * answer lists each bad row with its line and message, and the products the good rows make.
 */
export function parseProductCsv(bytes: Buffer, options: ParseOptions): ParsedCsv {
  if (bytes.length > CSV_LIMITS.maxBytes) throw new AppError('too_large', 'The file is larger than 50MB');
  const text = decode(bytes);
  const originalHeaders: string[] = [];
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => {
      originalHeaders.push(h.trim());
      return h.trim().toLowerCase();
    },
  });
  const headers = (parsed.meta.fields ?? []).filter((h) => h !== '');
  if (headers.length === 0) throw new AppError('bad_request', 'The file is empty');
  const format = detectFormat(headers);
  const unknown = unknownColumns(format, originalHeaders);
  if (unknown.length) throw new AppError('bad_request', `Unknown columns are not allowed: ${unknown.join(', ')}`);
  const required = format === 'marketplace' ? ['sku', 'title', 'price'] : format === 'platform-classic' ? ['handle', 'title', 'variant sku', 'variant price'] : ['title', 'sku', 'price'];
  const missing = required.filter((r) => !headers.includes(r));
  if (missing.length) throw new AppError('bad_request', `Missing columns: ${missing.join(', ')}`);
  if (parsed.data.length > CSV_LIMITS.maxRows) throw new AppError('too_large', `The file has more than ${CSV_LIMITS.maxRows} rows`);

  const errors: RowProblem[] = parsed.errors
    .filter((e) => e.row !== undefined)
    // papaparse counts the header in the row of a quote error, but not in the others.
    .map((e) => ({ line: (e.row ?? 0) + (e.type === 'Quotes' ? 1 : 2), message: PARSE_MESSAGES[e.code] ?? e.message }));
  const badLines = new Set(errors.map((e) => e.line));
  const warnings: RowProblem[] = [];
  const groups = new Map<string, { product: ImportedProduct; lines: number[] }>();
  const skuLines = new Map<string, number>();
  const defaultUnit = options.defaultWeightUnit ?? 'KILOGRAMS';

  parsed.data.forEach((raw, index) => {
    const line = index + 2;
    const row = normalise(format, raw, line, originalHeaders);
    const rowErrors: RowProblem[] = [];
    const fail = (column: string, message: string) => rowErrors.push({ line, column, message });
    const group = groups.get(row.groupKey);

    if (group && isImageOnly(row)) {
      for (const src of row.images) {
        if (isUrl(src)) group.product.images.push({ src, alt: row.imageAlt });
        else fail('images', MSG.invalidUrl);
      }
      errors.push(...rowErrors);
      return;
    }

    if (!group && !row.title) fail('title', MSG.required);
    if (!row.sku) fail('sku', MSG.required);
    if (!row.price) fail('price', MSG.required);
    const price = row.price ? money(row.price) : null;
    if (row.price && price === null) fail('price', 'Must be a number of 0 or more');
    const compareAt = row.compareAt ? money(row.compareAt) : null;
    if (row.compareAt && compareAt === null) fail('compare price', 'Must be a number of 0 or more');
    if (row.vendor && format === 'marketplace' && !options.isAdmin) fail('vendor', 'Only an admin can set the vendor');

    const names = group ? group.product.options.map((o) => o.name) : row.optionNames;
    for (let i = 0; i < 3; i++) {
      const name = names[i] ?? '';
      const value = row.optionValues[i];
      if (name && !value) fail(`option${i + 1} value`, MSG.required);
      if (!name && value) fail(`option${i + 1} name`, MSG.required);
    }
    if ((names[1] || row.optionValues[1]) && !(names[0] || row.optionValues[0])) fail('option2 name', 'Option 2 needs option 1');
    if ((names[2] || row.optionValues[2]) && !(names[1] || row.optionValues[1])) fail('option3 name', 'Option 3 needs option 2');

    const unit = (row.weightUnit || defaultUnit).toUpperCase();
    if (!(WEIGHT_UNITS as readonly string[]).includes(unit)) fail('weight unit', `Must be one of ${WEIGHT_UNITS.join(', ')}`);
    const weight = row.weight ? parseNumber(row.weight) : 0;
    if (!Number.isFinite(weight) || weight < 0) fail('weight', 'Must be a number of 0 or more');

    let stock: number | null;
    if (row.stock === '' || /^untracked$/i.test(row.stock) || row.tracked === false) stock = null;
    else {
      const n = Number(row.stock);
      stock = Number.isInteger(n) ? Math.max(0, n) : NaN;
      if (Number.isNaN(stock)) fail('stock', 'Must be a whole number or Untracked');
    }
    for (const src of row.images) if (!isUrl(src)) fail('images', MSG.invalidUrl);

    let barcode: string | null = row.barcode || null;
    if (barcode && /^\d+(\.\d+)?E\+\d+$/i.test(barcode)) {
      warnings.push({ line, column: 'barcode', message: `The barcode ${barcode} was changed by a spreadsheet program; it was not imported` });
      barcode = null;
    }
    if (row.sku) {
      const earlier = skuLines.get(row.sku.toLowerCase());
      if (earlier !== undefined) fail('sku', `This SKU is already used on row ${earlier}`);
      else skuLines.set(row.sku.toLowerCase(), line);
    }

    if (rowErrors.length || badLines.has(line)) {
      // A row the CSV parser could not split has its fields shifted: its own error says it all.
      if (!badLines.has(line)) errors.push(...rowErrors);
      // Later rows of a product whose first row failed are still checked, under a placeholder group.
      if (!group) groups.set(row.groupKey, { product: emptyProduct(row), lines: [line] });
      groups.get(row.groupKey)!.lines.push(-line);
      return;
    }

    const product = group?.product ?? emptyProduct(row);
    if (!group) {
      product.options = row.optionNames
        .map((name, i) => ({ name, values: [] as string[], index: i }))
        .filter((o) => o.name && !(o.name === 'Title' && row.optionValues[o.index] === 'Default Title'))
        .map(({ name, values }) => ({ name, values }));
      groups.set(row.groupKey, { product, lines: [line] });
    } else group.lines.push(line);
    const values = product.options.map((_o, i) => row.optionValues[i]);
    values.forEach((v, i) => {
      if (!product.options[i].values.includes(v)) product.options[i].values.push(v);
    });
    for (const src of row.images) if (!product.images.some((img) => img.src === src)) product.images.push({ src, alt: row.imageAlt });
    product.metafields.push(...row.metafields.filter((m) => !product.metafields.some((p) => p.namespace === m.namespace && p.key === m.key)));
    product.variants.push({
      line,
      sku: row.sku,
      price: price!,
      compareAt,
      barcode,
      weight,
      weightUnit: unit as WeightUnit,
      stock,
      requiresShipping: flag(row.requiresShipping, true),
      taxable: flag(row.taxable, true),
      options: values,
    });
  });

  // A product with any bad row is left out whole: importing half its variants would lose data.
  const products = [...groups.values()].filter((g) => g.lines.every((l) => l > 0) && g.product.variants.length > 0).map((g) => g.product);
  errors.sort((a, b) => a.line - b.line);
  return { format, rowCount: parsed.data.length, products, errors, warnings };
}

function emptyProduct(row: NormalRow): ImportedProduct {
  const status = row.status.toLowerCase();
  return {
    line: row.line,
    id: row.id || null,
    handle: row.handle || null,
    vendor: row.vendor || null,
    title: row.title,
    bodyHtml: row.body,
    status: status === 'active' ? 'ACTIVE' : status === 'draft' || status === 'archived' ? 'DRAFT' : null,
    options: [],
    variants: [],
    images: [],
    seo: row.seoTitle || row.seoDescription ? { title: row.seoTitle, description: row.seoDescription } : null,
    metafields: [],
  };
}
