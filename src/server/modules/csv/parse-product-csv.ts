import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { parseNumber } from '#shared/parse-number';
import { MSG } from '#shared/messages';
import type { ProductStatus } from '#shared/schemas/products';
import { WEIGHT_UNITS } from '#shared/schemas/settings';
import { AppError } from '#server/http/errors';
import { detectFormat, METAFIELD_COLUMN, unknownColumns, type CsvFormat } from './csv-formats.ts';

export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** A file bigger than this or with more rows is refused before any row is read. */
export const CSV_LIMITS = { maxBytes: 50 * 1024 * 1024, maxRows: 200_000 } as const;

/**
 * What the file says about a variant. A field left undefined is one the file has no column for: an
 * update keeps the stored value (our export does not carry every field, the platform's neither).
 */
export interface ImportedVariant {
  line: number;
  /** Our export's Variant ID: the variant the row updates. */
  id: string | null;
  /** Empty in the platform's files when the store has no SKUs: the variant is its option values. */
  sku: string;
  /** Decimal text in major units ("19.99"), as the products API takes it. */
  price: string;
  compareAt?: string | null;
  barcode?: string;
  weight?: number;
  weightUnit?: WeightUnit;
  /** null = not tracked ("Untracked", or no inventory tracker in the platform's files). */
  stock?: number | null;
  requiresShipping?: boolean;
  taxable?: boolean;
  options: string[];
  /** The platform's variant image. */
  image?: string;
}

export interface ImportedProduct {
  /** The row that starts the product (the header is row 1). */
  line: number;
  id: string | null;
  handle: string | null;
  vendor: string | null;
  title: string;
  bodyHtml?: string;
  status: ProductStatus | null;
  options: { name: string; values: string[] }[];
  variants: ImportedVariant[];
  /** alt undefined: the file has no alt text column (an update keeps the stored one). */
  images?: { src: string; alt?: string }[];
  seo?: { title: string; description: string };
  metafields?: { namespace: string; key: string; value: string }[];
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

/** The fields the import reads, by the header each format gives them (null: the format has none). */
type Field =
  | 'id'
  | 'variantId'
  | 'handle'
  | 'title'
  | 'body'
  | 'vendor'
  | 'sku'
  | 'barcode'
  | 'price'
  | 'compareAt'
  | 'weight'
  | 'weightUnit'
  | 'stock'
  | 'tracker'
  | 'requiresShipping'
  | 'taxable'
  | 'images'
  | 'imagePosition'
  | 'imageAlt'
  | 'variantImage'
  | 'status'
  | 'published'
  | 'seoTitle'
  | 'seoDescription'
  | 'option1Name'
  | 'option1Value'
  | 'option2Name'
  | 'option2Value'
  | 'option3Name'
  | 'option3Value';

const HEADERS: Record<CsvFormat, Record<Field, string | null>> = {
  marketplace: {
    id: 'id',
    variantId: 'variant id',
    handle: 'handle',
    title: 'title',
    body: 'description',
    vendor: 'vendor',
    sku: 'sku',
    barcode: 'barcode',
    price: 'price',
    compareAt: 'compare price',
    weight: 'weight',
    weightUnit: 'weight unit',
    stock: 'stock',
    tracker: null,
    requiresShipping: null,
    taxable: null,
    images: 'images',
    imagePosition: null,
    imageAlt: null,
    variantImage: null,
    status: 'status',
    published: null,
    seoTitle: 'seo title',
    seoDescription: 'seo description',
    option1Name: 'option1 name',
    option1Value: 'option1 value',
    option2Name: 'option2 name',
    option2Value: 'option2 value',
    option3Name: 'option3 name',
    option3Value: 'option3 value',
  },
  'platform-classic': {
    id: null,
    variantId: null,
    handle: 'handle',
    title: 'title',
    body: 'body (html)',
    vendor: 'vendor',
    sku: 'variant sku',
    barcode: 'variant barcode',
    price: 'variant price',
    compareAt: 'variant compare at price',
    weight: 'variant grams',
    weightUnit: 'variant weight unit',
    stock: 'variant inventory qty',
    tracker: 'variant inventory tracker',
    requiresShipping: 'variant requires shipping',
    taxable: 'variant taxable',
    images: 'image src',
    imagePosition: 'image position',
    imageAlt: 'image alt text',
    variantImage: 'variant image',
    status: 'status',
    published: 'published',
    seoTitle: 'seo title',
    seoDescription: 'seo description',
    option1Name: 'option1 name',
    option1Value: 'option1 value',
    option2Name: 'option2 name',
    option2Value: 'option2 value',
    option3Name: 'option3 name',
    option3Value: 'option3 value',
  },
  'platform-current': {
    id: null,
    variantId: null,
    handle: 'url handle',
    title: 'title',
    body: 'description',
    vendor: 'vendor',
    sku: 'sku',
    barcode: 'barcode',
    price: 'price',
    compareAt: 'compare-at price',
    weight: 'weight value (grams)',
    weightUnit: 'weight unit for display',
    stock: 'inventory quantity',
    tracker: 'inventory tracker',
    requiresShipping: 'requires shipping',
    taxable: 'charge tax',
    images: 'product image url',
    imagePosition: 'image position',
    imageAlt: 'image alt text',
    variantImage: 'variant image url',
    status: 'status',
    published: 'published on online store',
    seoTitle: 'seo title',
    seoDescription: 'seo description',
    option1Name: 'option1 name',
    option1Value: 'option1 value',
    option2Name: 'option2 name',
    option2Value: 'option2 value',
    option3Name: 'option3 name',
    option3Value: 'option3 value',
  },
};

/** The header (as the problems name it) of a field in our format, whatever the file's format. */
const problemColumn = (field: Field) => HEADERS.marketplace[field] ?? field;

/** The platform writes weights in grams and names the unit it shows: the weight is stored in that unit. */
const PLATFORM_WEIGHT_UNITS: Record<string, { unit: WeightUnit; grams: number; decimals: number }> = {
  g: { unit: 'GRAMS', grams: 1, decimals: 0 },
  kg: { unit: 'KILOGRAMS', grams: 1000, decimals: 3 },
  lb: { unit: 'POUNDS', grams: 453.59237, decimals: 2 },
  oz: { unit: 'OUNCES', grams: 28.349523125, decimals: 1 },
};

const notUtf8 = () => new AppError('bad_request', 'The file is not UTF-8 encoded: save it as "CSV UTF-8" and try again');

/** The decoder drops a leading byte order mark itself. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notUtf8();
  }
}

/**
 * A cell as written: our export (and spreadsheet users) put an apostrophe before a leading = + - @
 * so spreadsheets do not run it as a formula; it is not part of the value.
 */
const unescapeCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);
/** Codes also carry a leading apostrophe that keeps spreadsheets from turning '3212483 into a number. */
const unquoteCode = (value: string) => value.replace(/^'/, '');

const isTrue = (value: string) => /^(true|yes|1|y)$/i.test(value);
const flag = (value: string, fallback: boolean) => (value === '' ? fallback : !/^(false|no|0|n)$/i.test(value));

const isUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

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
  /** Only an admin may set the vendor column. */
  isAdmin: boolean;
  /** The importing vendor's name: our export names it on every row, which is not setting the vendor. */
  ownVendor?: string;
  defaultWeightUnit?: WeightUnit;
  /** Our public origin: our export writes our own images as absolute URLs, stored as paths. */
  publicUrl?: string;
}

interface Group {
  product: ImportedProduct;
  /** The option names of the product's first row: the following rows inherit them. */
  optionNames: string[];
  /** Image Position of each image, to order them once every row is read. */
  imagePositions: Map<string, number>;
  /** A row of the product was refused: the whole product is left out. */
  failed: boolean;
}

const STATUS_WORDS: Record<string, ProductStatus> = { active: 'ACTIVE', draft: 'DRAFT', archived: 'ARCHIVED' };
const round = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;

/**
 * Reads a product CSV of any of the three header sets and checks every row with the spec's rules
 * (sku, title and price required; price >= 0; option pairs; weight units; images as URLs; unknown
 * columns refused; "Untracked" stock; vendor column for admins only) and the platform's ways (no
 * SKU needed, option names on a product's first row only, "Default Title", image-only rows, grams,
 * inventory tracker, TRUE/FALSE). Nothing is written here: the answer lists each bad row with its
 * line and message, and the products the good rows make.
 */
export function parseProductCsv(bytes: Buffer, options: ParseOptions): ParsedCsv {
  if (bytes.length > CSV_LIMITS.maxBytes) throw tooLarge();
  const reader = productCsvReader(options);
  let failure: unknown;
  // With a string, papaparse calls step and complete before it returns.
  Papa.parse<Record<string, string>>(
    decode(bytes),
    papaConfig(reader, (error) => (failure ??= error)),
  );
  if (failure) throw failure;
  return reader.finish();
}

/** The answer of a stream's reading: the products went to the caller batch by batch. */
export type StreamedCsv = Omit<ParsedCsv, 'products'>;

/**
 * The same reading over a stream (the stored upload), so that neither the file, nor its rows, nor
 * its products are ever held whole: each product is handed over (`each`, `batchSize` at a time) as
 * soon as its last row is read, and reading waits while the caller works on a batch. Products come
 * in the order of their last rows. `open` opens the stream for each reading.
 *
 * A product's rows may stand anywhere in the file, so the reading takes two passes: the first notes
 * the line of each product's last row, the second checks the rows and hands the products over.
 * Given `restart`, the file is first read once, a product being whole when a row of another comes,
 * as in the files people import (the platform's exports, ours, the templates: each product's rows
 * together). Should a row of a product already handed over come, that reading stops, `restart` is
 * awaited once, and the two passes read the file from the start and hand every product over
 * again: the caller drops all it received before `restart`. Without it, the two passes always
 * read, and nothing handed over is taken back.
 *
 * A rejection leaves what was handed over without meaning; read once, even the file's own refusals
 * (too many rows, too large, not UTF-8) may come after products were handed over.
 */
export async function parseProductCsvStream(
  open: () => Promise<AsyncIterable<Uint8Array>>,
  options: ParseOptions,
  each: (products: ImportedProduct[]) => Promise<void>,
  batchSize = 500,
  restart?: () => Promise<void>,
): Promise<StreamedCsv> {
  if (restart) {
    try {
      return await handOverProducts(await open(), options, each, batchSize);
    } catch (error) {
      if (!(error instanceof NotContiguous)) throw error;
    }
    await restart();
  }
  const lastLines = new Map<string, number>();
  await readStream(await open(), productCsvReader(options, { lastLines }));
  return handOverProducts(await open(), options, each, batchSize, lastLines);
}

/** A single pass met a row of a product it has handed over: only two passes can read the file. */
class NotContiguous extends Error {}

/** Reads the stream, handing its products to `each` as the reader completes them (at `lastLines`, or where the next product starts). */
async function handOverProducts(
  source: AsyncIterable<Uint8Array>,
  options: ParseOptions,
  each: (products: ImportedProduct[]) => Promise<void>,
  batchSize: number,
  lastLines?: Map<string, number>,
): Promise<StreamedCsv> {
  const pending: ImportedProduct[] = [];
  const reader = productCsvReader(options, { lastLines, emit: (product) => pending.push(product) });
  const { products: _none, ...parsed } = await readStream(source, reader, async () => {
    while (pending.length >= batchSize) await each(pending.splice(0, batchSize));
  });
  while (pending.length) await each(pending.splice(0, batchSize));
  return parsed;
}

/** papaparse over a byte stream into a reader; `between` runs before each further chunk is read. */
function readStream(
  source: AsyncIterable<Uint8Array>,
  reader: ReturnType<typeof productCsvReader>,
  between?: () => Promise<void>,
): Promise<ParsedCsv> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw notUtf8();
    }
  };
  async function* text() {
    let size = 0;
    for await (const chunk of source) {
      size += chunk.length;
      if (size > CSV_LIMITS.maxBytes) throw tooLarge();
      const part = decode(chunk);
      if (between) await between();
      if (part) yield part;
    }
    const rest = decode();
    if (rest) yield rest;
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    // One chunk at a time: the rows of a chunk are read before the next is asked for.
    const input = Readable.from(text(), { highWaterMark: 1 });
    Papa.parse(
      input,
      papaConfig(reader, (error) => {
        if (settled) return;
        settled = true;
        // A file refused at its header is not read on: destroying the stream closes the stored file.
        input.destroy();
        if (error) reject(error);
        else {
          try {
            resolve(reader.finish());
          } catch (e) {
            reject(e);
          }
        }
      }),
    );
  });
}

/** papaparse one row at a time into the reader; `settle` hears the first failure, then the end. */
function papaConfig(reader: ReturnType<typeof productCsvReader>, settle: (error?: unknown) => void) {
  return {
    header: true,
    skipEmptyLines: 'greedy' as const,
    // No field is typed (the reader parses numbers itself); an empty map is what papaparse checks fastest per field, false is not.
    dynamicTyping: {},
    transformHeader: (h: string) => reader.header(h),
    step(results: Papa.ParseStepResult<Record<string, string>>, parser: Papa.Parser) {
      try {
        reader.row(results.data, results.errors, results.meta.fields);
      } catch (error) {
        settle(error);
        parser.abort();
      }
    },
    complete: () => settle(),
    error: (error: unknown) => settle(error),
  };
}

const tooLarge = () => new AppError('too_large', 'The file is larger than 50MB');

/**
 * How a stream's reading goes: the first of two passes notes each product's last line (`lastLines`
 * filled, nothing checked but the header); the second (`emit` too) hands each product over at its
 * last line; a single pass (`emit` alone) hands a product over when a row of another comes.
 */
interface StreamPass {
  lastLines?: Map<string, number>;
  emit?: (product: ImportedProduct) => void;
}

/**
 * Checks rows one by one as the parser gives them; `finish` answers the products of the good rows
 * (none in a stream's pass: they were handed over).
 */
function productCsvReader(options: ParseOptions, pass?: StreamPass) {
  const originalHeaders: string[] = [];
  let setup: ReturnType<typeof begin> | undefined;
  let rowCount = 0;

  /** The header's checks, made once before the first row (or at the end of a file without rows). */
  function begin(fields: string[]) {
    const headers = fields.filter((h) => h !== '');
    if (headers.length === 0) throw new AppError('bad_request', 'The file is empty');
    const format = detectFormat(headers);
    const unknown = unknownColumns(format, originalHeaders);
    if (unknown.length) throw new AppError('bad_request', `Unknown columns are not allowed: ${unknown.join(', ')}`);
    const required =
      format === 'marketplace'
        ? ['sku', 'title', 'price']
        : format === 'platform-classic'
          ? ['handle', 'title', 'variant price']
          : ['title', 'price'];
    const missing = required.filter((r) => !headers.includes(r));
    if (missing.length) throw new AppError('bad_request', `Missing columns: ${missing.join(', ')}`);
    return { format, headers, readRow: rowReader(format, headers) };
  }

  return {
    header(h: string) {
      originalHeaders.push(h.trim());
      return h.trim().toLowerCase();
    },
    row(raw: Record<string, string>, parseErrors: Papa.ParseError[], fields: string[] | undefined) {
      setup ??= begin(fields ?? originalHeaders.map((h) => h.toLowerCase()));
      if (++rowCount > CSV_LIMITS.maxRows) throw new AppError('too_large', `The file has more than ${CSV_LIMITS.maxRows} rows`);
      if (pass?.lastLines && !pass.emit) pass.lastLines.set(setup.readRow.keyOf(raw), rowCount + 1);
      else setup.readRow(raw, rowCount + 1, parseErrors);
    },
    finish(): ParsedCsv {
      setup ??= begin(originalHeaders.map((h) => h.toLowerCase()));
      return { format: setup.format, rowCount, ...setup.readRow.finish() };
    },
  };

  function rowReader(format: CsvFormat, headers: string[]) {
    const columns = HEADERS[format];
    const headerSet = new Set(headers);
    const has = (field: Field) => columns[field] !== null && headerSet.has(columns[field]);
    const metafieldColumns = format === 'platform-current' ? originalHeaders.flatMap((h) => (METAFIELD_COLUMN.exec(h) ? [h] : [])) : [];
    const local = (src: string) =>
      options.publicUrl && src.startsWith(`${options.publicUrl}/`) ? src.slice(options.publicUrl.length) : src;

    const errors: RowProblem[] = [];
    const warnings: RowProblem[] = [];
    const groups = new Map<string, Group>();
    const skuLines = new Map<string, number>();
    const defaultUnit = options.defaultWeightUnit ?? 'KILOGRAMS';

    const cellOf = (raw: Record<string, string>, field: Field) => {
      const header = columns[field];
      return header ? unescapeCell((raw[header] ?? '').trim()) : '';
    };
    /** The product a row belongs to: our id, else the platform's handle, else the title. */
    const keyOf = (raw: Record<string, string>) =>
      (format === 'marketplace' ? cellOf(raw, 'id') || cellOf(raw, 'title') : cellOf(raw, 'handle') || cellOf(raw, 'title')).toLowerCase();

    /** A stream hands a product over once it is whole, and forgets it. */
    const handOver = (key: string) => {
      const group = groups.get(key);
      groups.delete(key);
      if (group && !group.failed && group.product.variants.length > 0) pass!.emit!(withOrderedImages(group));
    };
    // A single pass: the product whose rows are being read, and those whole (their keys only, as `lastLines` holds them).
    const singlePass = Boolean(pass?.emit && !pass.lastLines);
    let reading: string | undefined;
    const handedOver = new Set<string>();

    const readRow = (raw: Record<string, string>, line: number, parseErrors: Papa.ParseError[]) => {
      const key = keyOf(raw);
      // A row without a key is no product's (it fails), and never ends one: its group stays for the whole file, as in two passes.
      if (singlePass && key && key !== reading) {
        // The two passes would still hold this row's product and read the row into it.
        if (handedOver.has(key)) throw new NotContiguous();
        if (reading !== undefined) {
          handOver(reading);
          handedOver.add(reading);
        }
        reading = key;
      }
      checkRow(raw, key, line, parseErrors);
      if (key && pass?.lastLines?.get(key) === line) handOver(key);
    };

    const checkRow = (raw: Record<string, string>, groupKey: string, line: number, parseErrors: Papa.ParseError[]) => {
      const parseProblems = parseErrors
        .filter((e) => e.row !== undefined)
        .map((e) => ({ line, message: PARSE_MESSAGES[e.code] ?? e.message }));
      const get = (field: Field) => cellOf(raw, field);
      const rowErrors: RowProblem[] = [];
      const fail = (field: Field, message: string) => rowErrors.push({ line, column: problemColumn(field), message });
      const id = get('id');
      const handle = get('handle');
      const title = get('title');
      const vendor = get('vendor');
      const group = groups.get(groupKey);
      const sku = unquoteCode(get('sku'));
      const priceText = get('price');
      const rawNames = [get('option1Name'), get('option2Name'), get('option3Name')];
      const rawValues = [get('option1Value'), get('option2Value'), get('option3Value')];
      // A product without options is written as one variant "Title: Default Title".
      const defaultTitle = !group && /^title$/i.test(rawNames[0]) && /^default title$/i.test(rawValues[0]) && !rawNames[1] && !rawNames[2];
      const names = group ? group.optionNames : defaultTitle ? ['', '', ''] : rawNames;
      const values = defaultTitle ? ['', '', ''] : rawValues;
      const sources = [get('images'), get('variantImage')];
      const alt = has('imageAlt') ? get('imageAlt') : undefined;
      const position = Number.parseInt(get('imagePosition'), 10);

      if (parseProblems.length) {
        errors.push(...parseProblems);
        // A row the CSV parser could not split has its fields shifted: its own error says it all.
        if (group) group.failed = true;
        else groups.set(groupKey, { product: newProduct(), optionNames: names, imagePositions: new Map(), failed: true });
        return;
      }

      // The platform's rows with only an image (and the handle) add it to the product above.
      if (group && format !== 'marketplace' && !sku && !priceText && !title && values.every((v) => !v)) {
        if (sources[0] && !isUrl(sources[0])) fail('images', MSG.invalidUrl);
        else if (sources[0]) addImage(group, local(sources[0]), alt, position);
        if (rowErrors.length) group.failed = true;
        errors.push(...rowErrors);
        return;
      }

      if (!group && !title) fail('title', MSG.required);
      // Our own rows need a SKU, unless they are our export's rows of an existing variant.
      if (!sku && format === 'marketplace' && !get('variantId')) fail('sku', MSG.required);
      if (!priceText) fail('price', MSG.required);
      const price = priceText ? money(priceText) : null;
      if (priceText && price === null) fail('price', 'Must be a number of 0 or more');
      const compareText = get('compareAt');
      const compareAt = compareText ? money(compareText) : null;
      if (compareText && compareAt === null) fail('compareAt', 'Must be a number of 0 or more');
      if (vendor && format === 'marketplace' && !options.isAdmin && vendor !== options.ownVendor)
        fail('vendor', 'Only an admin can set the vendor');
      // Ours takes our three statuses; a status word the platform adds later falls back to Published.
      if (format === 'marketplace' && get('status') && !STATUS_WORDS[get('status').toLowerCase()])
        fail('status', 'Must be one of ACTIVE, DRAFT, ARCHIVED');

      for (let i = 0; i < 3; i++) {
        const name = names[i] ?? '';
        const value = values[i];
        if (name && !value) fail(`option${i + 1}Value` as Field, MSG.required);
        if (!name && value) fail(`option${i + 1}Name` as Field, MSG.required);
      }
      if ((names[1] || values[1]) && !(names[0] || values[0])) fail('option2Name', 'Option 2 needs option 1');
      if ((names[2] || values[2]) && !(names[1] || values[1])) fail('option3Name', 'Option 3 needs option 2');

      let weight: number | undefined;
      let weightUnit: WeightUnit | undefined;
      if (has('weight')) {
        weight = get('weight') ? parseNumber(get('weight')) : 0;
        if (!Number.isFinite(weight) || weight < 0) fail('weight', 'Must be a number of 0 or more');
      }
      if (format === 'marketplace') {
        if (has('weightUnit')) {
          const unit = (get('weightUnit') || defaultUnit).toUpperCase();
          if ((WEIGHT_UNITS as readonly string[]).includes(unit)) weightUnit = unit as WeightUnit;
          else fail('weightUnit', `Must be one of ${WEIGHT_UNITS.join(', ')}`);
        }
      } else if (weight !== undefined) {
        const unit = PLATFORM_WEIGHT_UNITS[get('weightUnit').toLowerCase() || 'g'];
        if (!unit) fail('weightUnit', `Must be one of ${Object.keys(PLATFORM_WEIGHT_UNITS).join(', ')}`);
        else [weight, weightUnit] = [round(weight / unit.grams, unit.decimals), unit.unit];
      }

      // Stock: "Untracked" in ours; in the platform's, an empty inventory tracker (next to "shopify").
      const stockText = get('stock');
      const tracked = has('tracker') ? get('tracker') !== '' : null;
      let stock: number | null | undefined;
      if (!has('stock') && tracked === null) stock = undefined;
      else if (tracked === false || /^untracked$/i.test(stockText) || (tracked === null && stockText === '')) stock = null;
      else {
        const n = stockText === '' ? 0 : Number(stockText);
        stock = Number.isInteger(n) ? Math.max(0, n) : null;
        if (!Number.isInteger(n)) fail('stock', 'Must be a whole number or Untracked');
      }
      for (const src of sources) if (src && !isUrl(src)) fail('images', MSG.invalidUrl);

      let barcode = has('barcode') ? unquoteCode(get('barcode')) : undefined;
      if (barcode && /^\d+(\.\d+)?E\+\d+$/i.test(barcode)) {
        warnings.push({
          line,
          column: 'barcode',
          message: `The barcode ${barcode} was changed by a spreadsheet program; it was not imported`,
        });
        barcode = undefined;
      }
      if (sku) {
        const earlier = skuLines.get(sku.toLowerCase());
        if (earlier !== undefined) fail('sku', `This SKU is already used on row ${earlier}`);
        else skuLines.set(sku.toLowerCase(), line);
      }

      if (rowErrors.length) {
        errors.push(...rowErrors);
        // Later rows of a product whose first row failed are still checked, with its option names.
        if (group) group.failed = true;
        else groups.set(groupKey, { product: newProduct(), optionNames: names, imagePositions: new Map(), failed: true });
        return;
      }

      const current = group ?? { product: newProduct(), optionNames: names, imagePositions: new Map<string, number>(), failed: false };
      const { product } = current;
      if (!group) {
        product.options = names.filter(Boolean).map((name) => ({ name, values: [] }));
        groups.set(groupKey, current);
      }
      const variantValues = product.options.map((option, i) => {
        if (!option.values.includes(values[i])) option.values.push(values[i]);
        return values[i];
      });
      if (format === 'marketplace')
        for (const src of sources[0].split(/[\s,]+/).filter(Boolean)) addImage(current, local(src), undefined, NaN);
      else {
        // The alt text and position are the product image's; a variant image is also one of the product's.
        if (sources[0]) addImage(current, local(sources[0]), alt, position);
        if (sources[1]) addImage(current, local(sources[1]), has('imageAlt') ? '' : undefined, NaN);
      }
      if (product.metafields) {
        for (const header of metafieldColumns) {
          const [, namespace, key] = METAFIELD_COLUMN.exec(header)!;
          const value = (raw[header.toLowerCase()] ?? '').trim();
          if (value && !product.metafields.some((m) => m.namespace === namespace && m.key === key))
            product.metafields.push({ namespace, key, value });
        }
      }
      product.variants.push({
        line,
        id: get('variantId') || null,
        sku,
        price: price!,
        ...(has('compareAt') ? { compareAt } : {}),
        ...(barcode !== undefined ? { barcode } : {}),
        ...(weight !== undefined ? { weight } : {}),
        ...(weightUnit ? { weightUnit } : {}),
        ...(stock !== undefined ? { stock } : {}),
        ...(has('requiresShipping') ? { requiresShipping: flag(get('requiresShipping'), true) } : {}),
        ...(has('taxable') ? { taxable: flag(get('taxable'), true) } : {}),
        options: variantValues,
        ...(sources[1] ? { image: local(sources[1]) } : {}),
      });

      /** The product as its first row gives it; a field without a column stays undefined. */
      function newProduct(): ImportedProduct {
        const published = has('published') && get('published') ? (isTrue(get('published')) ? 'ACTIVE' : 'DRAFT') : null;
        return {
          line,
          id: id || null,
          handle: handle || null,
          vendor: vendor || null,
          title,
          ...(has('body') ? { bodyHtml: get('body') } : {}),
          // The platform's Status wins; older files only say whether the product is published.
          status: (get('status') ? STATUS_WORDS[get('status').toLowerCase()] : null) ?? published,
          options: [],
          variants: [],
          ...(has('images') || has('variantImage') ? { images: [] } : {}),
          ...(has('seoTitle') || has('seoDescription') ? { seo: { title: get('seoTitle'), description: get('seoDescription') } } : {}),
          ...(metafieldColumns.length ? { metafields: [] } : {}),
        };
      }
    };

    return Object.assign(readRow, {
      keyOf,
      finish() {
        if (reading !== undefined) handOver(reading);
        // A product with any bad row is left out whole: importing half its variants would lose data.
        const products = [...groups.values()].filter((g) => !g.failed && g.product.variants.length > 0).map(withOrderedImages);
        errors.sort((a, b) => a.line - b.line);
        return { products, errors, warnings };
      },
    });
  }
}

function addImage(group: Group, src: string, alt: string | undefined, position: number) {
  const images = (group.product.images ??= []);
  const known = images.find((image) => image.src === src);
  if (known) {
    if (alt && !known.alt) known.alt = alt;
  } else images.push(alt === undefined ? { src } : { src, alt });
  if (Number.isFinite(position) && !group.imagePositions.has(src)) group.imagePositions.set(src, position);
}

/** Images in the order of their Image Position; those without one keep their place after them. */
function withOrderedImages({ product, imagePositions }: Group): ImportedProduct {
  if (!product.images || imagePositions.size === 0) return product;
  const rank = (src: string) => imagePositions.get(src) ?? Number.MAX_SAFE_INTEGER;
  return { ...product, images: [...product.images].sort((a, b) => rank(a.src) - rank(b.src)) };
}
