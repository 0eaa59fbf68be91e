import { z } from 'zod';
import { MONEY_MESSAGES, MoneyTextSchema, moneyAmount } from './money.ts';
import { MSG } from '../messages.ts';
import { currencyDecimals, parseDecimal } from '../money.ts';
import { isFieldShown, parseDescription } from '../metafield-properties.ts';
import { MEDIA_CONTENT_TYPES } from './media.ts';
import { LENGTH_UNITS, WEIGHT_UNITS, type InputLimit } from './settings.ts';

/**
 * Products: one schema for the editor and the server. The
 * static rules live in ProductInputSchema; the rules that depend on the store (input limits,
 * currency decimals, required metafield definitions) are added by buildProductSchema(context).
 * Issues keep the indexes of the input (a dropped empty variant does not shift the others), so the
 * editor can put each message under its field.
 */

export const PRODUCT_STATUSES = ['DRAFT', 'ACTIVE', 'ARCHIVED'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Platform limits: 3 options, 2048 variants a product. */
export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 2048;
export const MAX_MEDIA = 100;

export const PRODUCT_MESSAGES = {
  required: MSG.requiredShort,
  metafieldsRequired: 'Some metafields are required',
  invalidPrice: 'Must be a price like 19.99',
  notNegative: 'Must be 0 or more',
  wholeNumber: 'Must be a whole number',
  invalidNumber: 'Must be a number',
  tooManyOptions: `A product has at most ${MAX_OPTIONS} options`,
  sameOptionName: 'Each option needs a different name',
  optionValuesRequired: 'Add at least one value',
  sameOptionValue: 'Each value of an option must be different',
  unknownOptionValue: 'Must be one of the values of the option',
  sameVariant: 'Each variant needs a different combination of option values',
  variantsRequired: 'Add at least one variant with a price and a stock',
  invalidUrl: MSG.invalidUrl,
  unknownVendor: 'Unknown vendor',
  vendorRequired: 'Choose the vendor of the product',
  tooManyDecimals: MONEY_MESSAGES.tooManyDecimals,
  titleTooShort: (min: number) => `Title must be at least ${min} characters`,
  titleTooLong: (max: number) => `Title must be at most ${max} characters`,
  descriptionTooShort: (min: number) => `Description must be at least ${min} characters`,
  descriptionTooLong: (max: number) => `Description must be at most ${max} characters`,
  tooFewImages: (min: number) => `Add at least ${min} ${min === 1 ? 'image' : 'images'}`,
  tooManyImages: (max: number) => `Add at most ${max} ${max === 1 ? 'image' : 'images'}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Money and numbers
// ---------------------------------------------------------------------------------------------

type Decimal = { kind: 'missing' } | { kind: 'invalid' } | { kind: 'negative' } | { kind: 'ok'; text: string; decimals: number };

/** A price or measure as typed (19.99, "19.99", "19,99"), read exactly by the money module. */
function readDecimal(value: unknown): Decimal {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { kind: 'missing' };
  if (typeof value !== 'number' && typeof value !== 'string') return { kind: 'invalid' };
  const read = parseDecimal(value);
  if (!read || read.integer.length > 12 || read.fraction.length > 6) return { kind: 'invalid' };
  if (read.negative) return { kind: 'negative' };
  return { kind: 'ok', text: read.fraction ? `${read.integer}.${read.fraction}` : read.integer, decimals: read.fraction.length };
}

type Count = { kind: 'missing' } | { kind: 'invalid' } | { kind: 'negative' } | { kind: 'ok'; value: number };

function readCount(value: unknown): Count {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { kind: 'missing' };
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || Math.abs(n) > 1_000_000_000) return { kind: 'invalid' };
  return n < 0 ? { kind: 'negative' } : { kind: 'ok', value: n };
}

type Measure = { kind: 'missing' } | { kind: 'invalid' } | { kind: 'negative' } | { kind: 'ok'; value: number };

function readMeasure(value: unknown): Measure {
  const read = readDecimal(value);
  if (read.kind !== 'ok') return read;
  const n = Number(read.text);
  return n > 1_000_000 ? { kind: 'invalid' } : { kind: 'ok', value: n };
}

/** The visible text of a description (what the description length limits count). */
export function descriptionText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, 'x')
    .trim();
}

/** A URL handle from a title: lowercase ASCII letters, digits and dashes ("Blue Mug!" → "blue-mug"). */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
  return slug || 'product';
}

/** Media sources: http(s) URLs, our own paths (/api/cdn/files/...) or platform file ids (gid://). */
export function isMediaSrc(src: string): boolean {
  if (src.startsWith('/') && !src.startsWith('//')) return true;
  if (src.startsWith('gid://')) return true;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.every((v) => v === null || v === undefined || String(v).trim() === ''));

// ---------------------------------------------------------------------------------------------
// Input schema
// ---------------------------------------------------------------------------------------------

const amount = z.union([z.string().max(40), z.number()]).nullish();
const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`);

export const MediaInputSchema = z.object({
  id: z.string().max(100).optional(),
  src: z.string({ error: PRODUCT_MESSAGES.required }).trim().max(2000),
  alt: text(512).default(''),
  contentType: z.enum(MEDIA_CONTENT_TYPES).default('IMAGE'),
});

const metafieldValue = z.union([z.string().max(65_536), z.number(), z.boolean(), z.array(z.string().max(65_536)).max(500)]).nullish();

export const MetafieldInputSchema = z.object({
  key: z.string({ error: PRODUCT_MESSAGES.required }).trim().max(64),
  namespace: z.string().trim().max(64).default('custom'),
  value: metafieldValue,
  type: z.string().trim().max(64).default(''),
});

export const DimensionsInputSchema = z.object({
  width: amount,
  height: amount,
  length: amount,
  dimUnit: z.enum(LENGTH_UNITS).optional(),
});

export const VariantInputSchema = z.object({
  id: z.string().max(100).optional(),
  price: amount,
  compareAt: amount,
  options: z.array(z.string().max(255)).max(MAX_OPTIONS).default([]),
  sku: text(255).trim().default(''),
  barcode: text(255).trim().default(''),
  taxable: z.boolean().default(true),
  trackStock: z.boolean().default(false),
  stock: z.union([z.string().max(20), z.number()]).nullish(),
  requiresShipping: z.boolean().default(true),
  weight: amount,
  weightUnit: z.enum(WEIGHT_UNITS).optional(),
  dimensions: DimensionsInputSchema.nullish(),
  /** Absent: the variant's own as it was, or for a new one the vendor's ship-from defaultLocalPickup. */
  localPickup: z.object({ enabled: z.boolean().default(false) }).optional(),
  media: z.array(MediaInputSchema).max(10).default([]),
  metafields: z.array(MetafieldInputSchema).max(200).default([]),
});

export const OptionInputSchema = z.object({
  name: text(255).trim(),
  values: z.array(text(255).trim()).max(MAX_VARIANTS).default([]),
});

const ProductShape = z.object({
  /** Absent: a new product; present: the product to update (within the caller's scope). */
  id: z.string().max(100).optional(),
  title: z.string({ error: PRODUCT_MESSAGES.required }).trim().max(100_000, PRODUCT_MESSAGES.titleTooLong(100_000)),
  bodyHtml: z.string().max(500_000).default(''),
  /** Optional URL handle (the CSV import's Handle column); generated from the title otherwise. */
  handle: z.string().trim().max(255).optional(),
  /** Absent on an update: the status stays as it is; DRAFT for a new product. */
  status: z.enum(PRODUCT_STATUSES).optional(),
  /** Only an admin in the marketplace view names the vendor; a vendor's products are its own. */
  vendor: z.string().trim().max(200).optional(),
  seo: z
    .object({ title: text(255).trim().default(''), description: text(1000).trim().default('') })
    .default({ title: '', description: '' }),
  options: z.array(OptionInputSchema).max(10).default([]),
  media: z.array(MediaInputSchema).max(250).default([]),
  variants: z.array(VariantInputSchema).max(MAX_VARIANTS).default([]),
  metafields: z.array(MetafieldInputSchema).max(200).default([]),
});
type ProductShapeOut = z.output<typeof ProductShape>;
type VariantShapeOut = z.output<typeof VariantInputSchema>;

const isEmptyVariant = (v: VariantShapeOut) => readDecimal(v.price).kind === 'missing' && readCount(v.stock).kind === 'missing';

type Issue = { path: (string | number)[]; message: string };

function staticIssues(p: ProductShapeOut): Issue[] {
  const issues: Issue[] = [];
  if (p.title.length < 3) issues.push({ path: ['title'], message: PRODUCT_MESSAGES.required });

  if (p.options.length > MAX_OPTIONS) issues.push({ path: ['options'], message: PRODUCT_MESSAGES.tooManyOptions });
  const names = new Set<string>();
  p.options.forEach((option, i) => {
    const name = option.name.toLowerCase();
    if (!name) issues.push({ path: ['options', i, 'name'], message: PRODUCT_MESSAGES.required });
    else if (names.has(name)) issues.push({ path: ['options', i, 'name'], message: PRODUCT_MESSAGES.sameOptionName });
    names.add(name);
    if (option.values.length === 0) issues.push({ path: ['options', i, 'values'], message: PRODUCT_MESSAGES.optionValuesRequired });
    const seen = new Set<string>();
    option.values.forEach((value, j) => {
      if (!value) issues.push({ path: ['options', i, 'values', j], message: PRODUCT_MESSAGES.required });
      else if (seen.has(value)) issues.push({ path: ['options', i, 'values', j], message: PRODUCT_MESSAGES.sameOptionValue });
      seen.add(value);
    });
  });

  const combinations = new Set<string>();
  let kept = 0;
  p.variants.forEach((v, i) => {
    if (isEmptyVariant(v)) return;
    kept++;
    const at = (...rest: (string | number)[]) => ['variants', i, ...rest];
    const price = readDecimal(v.price);
    if (price.kind === 'missing') issues.push({ path: at('price'), message: PRODUCT_MESSAGES.required });
    else if (price.kind === 'invalid') issues.push({ path: at('price'), message: PRODUCT_MESSAGES.invalidPrice });
    else if (price.kind === 'negative') issues.push({ path: at('price'), message: PRODUCT_MESSAGES.notNegative });
    const compareAt = readDecimal(v.compareAt);
    if (compareAt.kind === 'invalid') issues.push({ path: at('compareAt'), message: PRODUCT_MESSAGES.invalidPrice });
    else if (compareAt.kind === 'negative') issues.push({ path: at('compareAt'), message: PRODUCT_MESSAGES.notNegative });
    const stock = readCount(v.stock);
    if (stock.kind === 'missing') issues.push({ path: at('stock'), message: PRODUCT_MESSAGES.required });
    else if (stock.kind === 'invalid') issues.push({ path: at('stock'), message: PRODUCT_MESSAGES.wholeNumber });
    else if (stock.kind === 'negative') issues.push({ path: at('stock'), message: PRODUCT_MESSAGES.notNegative });
    const weight = readMeasure(v.weight);
    if (weight.kind === 'invalid') issues.push({ path: at('weight'), message: PRODUCT_MESSAGES.invalidNumber });
    else if (weight.kind === 'negative') issues.push({ path: at('weight'), message: PRODUCT_MESSAGES.notNegative });
    if (v.dimensions) {
      for (const side of ['width', 'height', 'length'] as const) {
        const m = readMeasure(v.dimensions[side]);
        if (m.kind === 'invalid') issues.push({ path: at('dimensions', side), message: PRODUCT_MESSAGES.invalidNumber });
        else if (m.kind === 'negative') issues.push({ path: at('dimensions', side), message: PRODUCT_MESSAGES.notNegative });
      }
    }
    v.media.forEach((m, j) => {
      if (!isMediaSrc(m.src)) issues.push({ path: at('media', j, 'src'), message: PRODUCT_MESSAGES.invalidUrl });
    });
    // Option values must be the product's; each variant a different combination.
    const values = p.options.slice(0, MAX_OPTIONS).map((option, j) => {
      const value = (v.options[j] ?? '').trim();
      if (!value) issues.push({ path: at('options', j), message: PRODUCT_MESSAGES.required });
      else if (!option.values.includes(value)) issues.push({ path: at('options', j), message: PRODUCT_MESSAGES.unknownOptionValue });
      return value;
    });
    const combination = JSON.stringify(values);
    if (combinations.has(combination)) issues.push({ path: at('options'), message: PRODUCT_MESSAGES.sameVariant });
    combinations.add(combination);
  });
  if (kept === 0) issues.push({ path: ['variants'], message: PRODUCT_MESSAGES.variantsRequired });

  p.media.forEach((m, i) => {
    if (!m.src) issues.push({ path: ['media', i, 'src'], message: PRODUCT_MESSAGES.required });
    else if (!isMediaSrc(m.src)) issues.push({ path: ['media', i, 'src'], message: PRODUCT_MESSAGES.invalidUrl });
  });
  p.metafields.forEach((m, i) => {
    if (!m.key && !isEmptyValue(m.value)) issues.push({ path: ['metafields', i, 'key'], message: PRODUCT_MESSAGES.required });
  });
  return issues;
}

/** Metafields with a value, one per namespace and key (the last one given wins). */
function keptMetafields<M extends { key: string; namespace: string; value?: unknown }>(list: M[]): M[] {
  const byKey = new Map<string, M>();
  for (const m of list) if (m.key && !isEmptyValue(m.value)) byKey.set(`${m.namespace}.${m.key}`, m);
  return [...byKey.values()];
}

/** The normalised product: empty variants and metafields dropped, prices as decimal strings. */
function normalise(p: ProductShapeOut) {
  const optionCount = Math.min(p.options.length, MAX_OPTIONS);
  return {
    ...(p.id ? { id: p.id } : {}),
    title: p.title,
    bodyHtml: p.bodyHtml,
    ...(p.handle ? { handle: p.handle } : {}),
    ...(p.status ? { status: p.status } : {}),
    ...(p.vendor ? { vendor: p.vendor } : {}),
    seo: p.seo,
    options: p.options.slice(0, MAX_OPTIONS),
    media: p.media,
    variants: p.variants
      .filter((v) => !isEmptyVariant(v))
      .map((v) => {
        const price = readDecimal(v.price);
        const compareAt = readDecimal(v.compareAt);
        const stock = readCount(v.stock);
        const weight = readMeasure(v.weight);
        const sides = v.dimensions ? (['width', 'height', 'length'] as const).map((side) => readMeasure(v.dimensions?.[side])) : [];
        // Dimensions are kept only when all three are given.
        const dimensions =
          v.dimensions && sides.every((s) => s.kind === 'ok')
            ? {
                width: (sides[0] as { value: number }).value,
                height: (sides[1] as { value: number }).value,
                length: (sides[2] as { value: number }).value,
                ...(v.dimensions.dimUnit ? { dimUnit: v.dimensions.dimUnit } : {}),
              }
            : null;
        return {
          ...(v.id ? { id: v.id } : {}),
          price: price.kind === 'ok' ? price.text : '0',
          compareAt: compareAt.kind === 'ok' ? compareAt.text : null,
          options: v.options.slice(0, optionCount).map((o) => o.trim()),
          sku: v.sku,
          barcode: v.barcode,
          taxable: v.taxable,
          trackStock: v.trackStock,
          stock: stock.kind === 'ok' ? stock.value : 0,
          requiresShipping: v.requiresShipping,
          weight: weight.kind === 'ok' ? weight.value : 0,
          ...(v.weightUnit ? { weightUnit: v.weightUnit } : {}),
          dimensions,
          localPickup: v.localPickup,
          media: v.media,
          metafields: keptMetafields(v.metafields),
        };
      }),
    metafields: keptMetafields(p.metafields),
  };
}

/** The product an editor or API client sends (PUT products-v2 body.product), with the static rules. */
export const ProductInputSchema = ProductShape.superRefine((p, ctx) => {
  for (const issue of staticIssues(p)) ctx.addIssue({ code: 'custom', ...issue });
}).transform(normalise);
/** What the editor holds and sends. */
export type ProductInput = z.input<typeof ProductInputSchema>;
/** A validated, normalised product. */
export type ProductData = z.output<typeof ProductInputSchema>;

/** A metafield definition as GET metafields answers it (only what the rules need). */
export interface ProductMetafieldDefinition {
  key: string;
  required?: boolean;
  description?: string;
  /** The definition's type, stored with the value. */
  type?: string;
}

/** The store's rules: settings.inputLimit, settings.currency and the product metafield definitions. */
export interface ProductRulesContext {
  inputLimit?: InputLimit;
  currency?: string;
  definitions?: readonly ProductMetafieldDefinition[];
}

function contextIssues(p: ProductShapeOut, context: ProductRulesContext): Issue[] {
  const issues: Issue[] = [];
  const limit = context.inputLimit;
  if (limit) {
    if (p.title.length >= 3 && p.title.length < limit.title.min)
      issues.push({ path: ['title'], message: PRODUCT_MESSAGES.titleTooShort(limit.title.min) });
    if (p.title.length > limit.title.max) issues.push({ path: ['title'], message: PRODUCT_MESSAGES.titleTooLong(limit.title.max) });
    const description = descriptionText(p.bodyHtml).length;
    if (description < limit.description.min)
      issues.push({ path: ['bodyHtml'], message: PRODUCT_MESSAGES.descriptionTooShort(limit.description.min) });
    if (description > limit.description.max)
      issues.push({ path: ['bodyHtml'], message: PRODUCT_MESSAGES.descriptionTooLong(limit.description.max) });
    if (p.media.length < limit.images.min) issues.push({ path: ['media'], message: PRODUCT_MESSAGES.tooFewImages(limit.images.min) });
    if (p.media.length > limit.images.max) issues.push({ path: ['media'], message: PRODUCT_MESSAGES.tooManyImages(limit.images.max) });
  }
  if (context.currency) {
    const decimals = currencyDecimals(context.currency);
    p.variants.forEach((v, i) => {
      if (isEmptyVariant(v)) return;
      for (const field of ['price', 'compareAt'] as const) {
        const read = readDecimal(v[field]);
        if (read.kind === 'ok' && read.decimals > decimals)
          issues.push({ path: ['variants', i, field], message: PRODUCT_MESSAGES.tooManyDecimals(decimals) });
      }
    });
  }
  // Required definitions, honouring show/showWhen (a hidden field is not required): the first
  // missing one gets "Required" and the form the message "Some metafields are required".
  const values: Record<string, unknown> = {};
  for (const m of p.metafields) if (m.key && !isEmptyValue(m.value)) values[m.key] = m.value;
  for (const definition of context.definitions ?? []) {
    const { properties } = parseDescription(definition.description);
    if (!(definition.required || properties.required)) continue;
    if (!isFieldShown(properties, values)) continue;
    if (values[definition.key] !== undefined) continue;
    issues.push({ path: ['metafields'], message: PRODUCT_MESSAGES.metafieldsRequired });
    issues.push({ path: ['metafields', definition.key], message: PRODUCT_MESSAGES.required });
    break;
  }
  return issues;
}

/** ProductInputSchema plus the store's rules; the editor and PUT products-v2 both validate with it. */
export function buildProductSchema(context: ProductRulesContext) {
  return ProductShape.superRefine((p, ctx) => {
    for (const issue of [...staticIssues(p), ...contextIssues(p, context)]) ctx.addIssue({ code: 'custom', ...issue });
  }).transform(normalise);
}

/**
 * The answer's read-only fields (GET products-v2/{productId}): accepted and ignored, so a client may
 * send the product back as it read it; any other unknown key is refused.
 */
const readOnlyDetail = {
  vendorId: z.string().optional(),
  approved: z.boolean().optional(),
  approvedAt: z.string().nullable().optional(),
  approvalNote: z.string().nullable().optional(),
  currency: z.string().optional(),
  totalStock: z.number().optional(),
  inStock: z.boolean().optional(),
  translations: z.array(z.record(z.string(), z.unknown())).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
};

/*
 * PUT products-v2 with an id replaces that product whole, so the body needs every part it stores: a
 * key left out is "Required field", never an empty default written over the stored value. Without an
 * id it creates a product, and what an API client leaves out of the parts below takes the spec's
 * defaults (taxable, requires shipping, no compare-at price, no barcode, weight 0, no dimensions, no
 * local pickup, no media or metafields, contentType IMAGE...), as ProductShape's defaults give them.
 * Optional always is only what means something when absent: id (a new product, variant or medium),
 * handle (generated, or kept), status (kept, DRAFT when new), vendor (the session's or the stored
 * one), weightUnit and dimUnit (kept, the store's unit when new).
 */
const NEW_PRODUCT_DEFAULTS = {
  product: ['bodyHtml', 'seo', 'options', 'media', 'metafields'],
  variant: [
    'compareAt',
    'options',
    'sku',
    'barcode',
    'taxable',
    'trackStock',
    'requiresShipping',
    'weight',
    'dimensions',
    'localPickup',
    'media',
    'metafields',
  ],
  media: ['alt', 'contentType'],
  metafield: ['namespace', 'type'],
} as const;

const WholeMediaSchema = MediaInputSchema.extend({
  alt: MediaInputSchema.shape.alt.unwrap().optional(),
  contentType: MediaInputSchema.shape.contentType.unwrap().optional(),
});
const WholeMetafieldSchema = MetafieldInputSchema.extend({
  namespace: MetafieldInputSchema.shape.namespace.unwrap().optional(),
  value: metafieldValue.unwrap(),
  type: MetafieldInputSchema.shape.type.unwrap().optional(),
});
const variantShape = VariantInputSchema.shape;
/** A variant's price on the wire: amount text of the product's currency, null for a row without one (dropped when it has no stock either). */
const variantAmount = () => moneyAmount(MONEY_MESSAGES.notAnAmount, PRODUCT_MESSAGES.notNegative).nullable();
const WholeVariantSchema = VariantInputSchema.extend({
  price: variantAmount(),
  compareAt: variantAmount().optional(),
  options: variantShape.options.unwrap().optional(),
  sku: variantShape.sku.unwrap().optional(),
  barcode: variantShape.barcode.unwrap().optional(),
  taxable: variantShape.taxable.unwrap().optional(),
  trackStock: variantShape.trackStock.unwrap().optional(),
  stock: variantShape.stock.unwrap(),
  requiresShipping: variantShape.requiresShipping.unwrap().optional(),
  weight: variantShape.weight.unwrap().optional(),
  dimensions: DimensionsInputSchema.extend({ width: amount.unwrap(), height: amount.unwrap(), length: amount.unwrap() })
    .nullable()
    .optional(),
  localPickup: z.object({ enabled: variantShape.localPickup.unwrap().shape.enabled.unwrap() }).optional(),
  media: z.array(WholeMediaSchema).max(10).optional(),
  metafields: z.array(WholeMetafieldSchema).max(200).optional(),
  position: z.number().optional(),
});
const productShape = ProductShape.shape;

type Part = Record<string, unknown>;
/** The parts a replacement (a body with an id) leaves out: each one a "Required field". */
function missingFromReplacement(product: Part): (string | number)[][] {
  const missing = (part: Part, keys: readonly string[], at: (string | number)[]) =>
    keys.filter((key) => part[key] === undefined).map((key) => [...at, key]);
  const list = (value: unknown) => (Array.isArray(value) ? (value as Part[]) : []);
  return [
    ...missing(product, NEW_PRODUCT_DEFAULTS.product, []),
    ...list(product.media).flatMap((m, i) => missing(m, NEW_PRODUCT_DEFAULTS.media, ['media', i])),
    ...list(product.metafields).flatMap((m, i) => missing(m, NEW_PRODUCT_DEFAULTS.metafield, ['metafields', i])),
    ...list(product.variants).flatMap((v, i) => [
      ...missing(v, NEW_PRODUCT_DEFAULTS.variant, ['variants', i]),
      ...list(v.media).flatMap((m, j) => missing(m, NEW_PRODUCT_DEFAULTS.media, ['variants', i, 'media', j])),
      ...list(v.metafields).flatMap((m, j) => missing(m, NEW_PRODUCT_DEFAULTS.metafield, ['variants', i, 'metafields', j])),
    ]),
  ];
}

export const PutProductBodySchema = z.object({
  product: ProductShape.extend({
    ...readOnlyDetail,
    bodyHtml: productShape.bodyHtml.unwrap().optional(),
    seo: z.object({ title: text(255).trim(), description: text(1000).trim() }).optional(),
    options: z
      .array(OptionInputSchema.extend({ values: OptionInputSchema.shape.values.unwrap() }))
      .max(10)
      .optional(),
    media: z.array(WholeMediaSchema).max(250).optional(),
    variants: z.array(WholeVariantSchema).max(MAX_VARIANTS),
    metafields: z.array(WholeMetafieldSchema).max(200).optional(),
  })
    .superRefine((product, ctx) => {
      if (product.id === undefined) return;
      for (const path of missingFromReplacement(product)) ctx.addIssue({ code: 'custom', path, message: MSG.required });
    })
    .describe(
      'A new product (no id): what it leaves out takes the defaults; replacing a product (its id): the whole product. Validated with the store rules; read-only fields of the answer are ignored.',
    ),
});
/** The `product` of PUT products-v2: every part it stores (the editor's payload). */
export type WholeProductInput = z.input<typeof PutProductBodySchema>['product'];

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

export const PRODUCT_SORTS = ['UPDATED_AT', 'TITLE', 'CREATED_AT'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_STATUS_FILTERS = ['DRAFT', 'ACTIVE', 'ARCHIVED', 'ALL'] as const;
/** `waiting`: products a vendor submitted that no admin approved yet (not approved, not archived): what an admin must review. */
export const PRODUCT_APPROVAL_FILTERS = ['any', 'waiting'] as const;
/** The statuses a product waiting for approval can have: an archived product is not up for review. */
export const WAITING_STATUSES = ['DRAFT', 'ACTIVE'] as const;
export const STOCK_FILTERS = ['any', 'in-stock', 'oos'] as const;
export const PRODUCT_PAGE_SIZE = 25;
export const PRODUCT_PAGE_MAX = 100;

const queryBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

/** GET products-v2 and POST products/export. */
export const ProductListQuerySchema = z
  .object({
    after: z.string().max(1000).optional(),
    before: z.string().max(1000).optional(),
    q: z.string().trim().max(200).optional(),
    stock: z.enum(STOCK_FILTERS).default('any'),
    sort: z.enum(PRODUCT_SORTS).default('UPDATED_AT'),
    /** true: descending; absent: newest first for the date sorts, A to Z for TITLE. */
    reverse: queryBoolean.optional(),
    status: z.enum(PRODUCT_STATUS_FILTERS).default('DRAFT'),
    approval: z.enum(PRODUCT_APPROVAL_FILTERS).default('any'),
    first: z.coerce.number().int().min(1).max(PRODUCT_PAGE_MAX).default(PRODUCT_PAGE_SIZE),
    /** Admins only: one vendor by name (a vendor's list is always its own). */
    vendor: z.string().trim().max(200).optional(),
  })
  .refine((q) => !(q.after && q.before), { message: 'Use either after or before', path: ['before'] });
export type ProductListQuery = z.input<typeof ProductListQuerySchema>;
export type ParsedProductListQuery = z.output<typeof ProductListQuerySchema>;

export const ProductListItemSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  approved: z.boolean(),
  vendor: z.string(),
  image: z.string().nullable(),
  /** Decimal strings in the store currency. */
  priceMin: MoneyTextSchema,
  priceMax: MoneyTextSchema,
  currency: z.string(),
  totalStock: z.number(),
  inStock: z.boolean(),
  variantsCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;

export const PageInfoSchema = z.object({
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
  startCursor: z.string().nullable(),
  endCursor: z.string().nullable(),
});

export const ProductListAnswerSchema = z.object({
  products: z.array(ProductListItemSchema),
  /** Products matching the filters, counted up to PRODUCT_COUNT_CAP (SEARCH_COUNT_CAP with q). */
  count: z.number(),
  /** true when there are more than `count` products (count stops at its cap). */
  countCapped: z.boolean(),
  pageInfo: PageInfoSchema,
});
export type ProductListAnswer = z.infer<typeof ProductListAnswerSchema>;
export const PRODUCT_COUNT_CAP = 10_000;
/** A search's matches are counted up to here: a bounded walk of the list's index settles it for common terms (docs/decisions/catalog-products.md, "The list"). */
export const SEARCH_COUNT_CAP = 100;

// ---------------------------------------------------------------------------------------------
// Detail, save, actions
// ---------------------------------------------------------------------------------------------

const StoredMediaSchema = z.object({ id: z.string(), src: z.string(), alt: z.string(), contentType: z.enum(MEDIA_CONTENT_TYPES) });
const StoredMetafieldSchema = z.object({ key: z.string(), namespace: z.string(), value: z.unknown(), type: z.string() });

export const ProductVariantSchema = z.object({
  id: z.string(),
  price: MoneyTextSchema,
  compareAt: MoneyTextSchema.nullable(),
  options: z.array(z.string()),
  sku: z.string(),
  barcode: z.string(),
  taxable: z.boolean(),
  trackStock: z.boolean(),
  stock: z.number(),
  requiresShipping: z.boolean(),
  weight: z.number(),
  weightUnit: z.string(),
  dimensions: z.object({ width: z.number(), height: z.number(), length: z.number(), dimUnit: z.string() }).nullable(),
  localPickup: z.object({ enabled: z.boolean() }),
  media: z.array(StoredMediaSchema),
  metafields: z.array(StoredMetafieldSchema),
  position: z.number(),
});

export const TranslationStatusSchema = z.object({
  locale: z.string(),
  /** Texts of the product that can be translated (empty ones are not counted). */
  total: z.number(),
  translated: z.number(),
  /** Translated from a source text that has changed since. */
  outdated: z.number(),
});

/** GET products-v2/{productId}: a superset of the input, so the editor can send it back as is. */
export const ProductDetailSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  bodyHtml: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  vendor: z.string(),
  vendorId: z.string(),
  approved: z.boolean(),
  approvedAt: z.string().nullable(),
  approvalNote: z.string().nullable(),
  seo: z.object({ title: z.string(), description: z.string() }),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  media: z.array(StoredMediaSchema),
  metafields: z.array(StoredMetafieldSchema),
  variants: z.array(ProductVariantSchema),
  currency: z.string(),
  totalStock: z.number(),
  inStock: z.boolean(),
  translations: z.array(TranslationStatusSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** GET products-v2/{productId}. */
export const ProductDetailAnswerSchema = z.object({ product: ProductDetailSchema });

export const SaveProductAnswerSchema = z.object({ productId: z.string(), handle: z.string() });

export const PRODUCT_ACTIONS = ['approve', 'unapprove', 'delete'] as const;
export type ProductAction = (typeof PRODUCT_ACTIONS)[number];
export const ProductActionBodySchema = z.object({ note: z.string().trim().max(2000).optional() }).default({});
export const ProductActionAnswerSchema = z.object({ productId: z.string(), approved: z.boolean(), deleted: z.boolean() });

/**
 * POST products-v2/bulk: one action on chosen products (ids, a page's selection) or on every product
 * a list filter matches. approve, unapprove and delete are the product actions; activate and draft
 * set the status, as the editor's save does (its rules, the plan and membership limits).
 */
export const BULK_PRODUCT_ACTIONS = ['approve', 'unapprove', 'delete', 'activate', 'draft'] as const;
export type BulkProductAction = (typeof BULK_PRODUCT_ACTIONS)[number];
/** The most products one bulk action changes: a wider filter is refused, to be narrowed. */
export const BULK_PRODUCTS_MAX = 10_000;
/** Up to this many the answer carries the result; more are changed by a job. */
export const BULK_PRODUCTS_INLINE = 100;
export const BULK_MESSAGES = {
  tooMany: `At most ${BULK_PRODUCTS_MAX} products can be changed at once. Narrow the filter.`,
  idsOrFilter: 'Send either ids or filter',
} as const;
export const ProductBulkFilterSchema = z.object({
  status: z.enum(PRODUCT_STATUS_FILTERS).default('DRAFT'),
  approval: z.enum(PRODUCT_APPROVAL_FILTERS).default('any'),
  stock: z.enum(STOCK_FILTERS).default('any'),
  q: z.string().trim().max(200).optional(),
  vendor: z.string().trim().max(200).optional(),
});
export type ProductBulkFilter = z.input<typeof ProductBulkFilterSchema>;
export const ProductBulkBodySchema = z
  .object({
    action: z.enum(BULK_PRODUCT_ACTIONS, { error: 'Unknown action' }),
    note: z.string().trim().max(2000).optional(),
    ids: z.array(z.uuid()).min(1).max(PRODUCT_PAGE_MAX).optional(),
    filter: ProductBulkFilterSchema.optional(),
  })
  .refine((body) => !body.ids !== !body.filter, { message: BULK_MESSAGES.idsOrFilter, path: ['filter'] });
export type ProductBulkBody = z.input<typeof ProductBulkBodySchema>;
export const ProductBulkAnswerSchema = z.object({
  /** Products the ids or the filter named (within the caller's scope). */
  matched: z.number(),
  /** true: a job changes them; the counts below are then 0. */
  queued: z.boolean(),
  succeeded: z.number(),
  failures: z.array(z.object({ id: z.string(), title: z.string(), message: z.string() })),
});
export type ProductBulkAnswer = z.infer<typeof ProductBulkAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Translations, logs, catalog, export
// ---------------------------------------------------------------------------------------------

export const TranslationsQuerySchema = z.object({ locale: z.string().trim().min(1, MSG.required).max(20) });

export const TranslationSchema = z.object({
  key: z.string(),
  /** The current source text. */
  source: z.string(),
  /** SHA-256 (hex) of the current source text: send it back as `digest` with a translation. */
  sourceDigest: z.string(),
  value: z.string().nullable(),
  /** The digest of the source the translation was made from. */
  digest: z.string().nullable(),
  outdated: z.boolean(),
});
export const TranslationsAnswerSchema = z.object({ locale: z.string(), translations: z.array(TranslationSchema) });

export const TranslationsPatchSchema = z.object({
  translations: z
    .array(
      z.object({
        locale: z.string().trim().min(1, MSG.required).max(20),
        resourceId: z.string().max(100).optional(),
        key: z.string().trim().min(1, MSG.required).max(100),
        /** Empty removes the translation. */
        value: z.string().max(500_000),
        digest: z
          .string()
          .regex(/^[0-9a-f]{64}$/, 'Must be the sourceDigest of the text')
          .optional(),
      }),
    )
    .min(1, MSG.required)
    .max(200),
});

export const TranslationsSavedSchema = z.object({
  translations: z.array(
    z.object({ locale: z.string(), key: z.string(), value: z.string().nullable(), digest: z.string().nullable(), outdated: z.boolean() }),
  ),
});

export const ProductLogSchema = z.object({
  id: z.string(),
  action: z.string(),
  email: z.string().nullable(),
  note: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  createdAt: z.string(),
});
export const ProductLogsAnswerSchema = z.object({ logs: z.array(ProductLogSchema) });

export const CatalogQuerySchema = z.object({ q: z.string().trim().max(200).optional() });
export const CatalogProductSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  vendor: z.string(),
  image: z.string().nullable(),
  priceMin: MoneyTextSchema,
  priceMax: MoneyTextSchema,
  currency: z.string(),
  inStock: z.boolean(),
});
export type CatalogProduct = z.infer<typeof CatalogProductSchema>;
export const CatalogAnswerSchema = z.object({ products: z.array(CatalogProductSchema) });

export const EXPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const ExportStartedSchema = z.object({ exportId: z.string() });
export const ExportStatusSchema = z.object({
  exportId: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0 to 100. */
  progress: z.number(),
  rows: z.number(),
  total: z.number().nullable(),
  /** The download, once done (signed-in, the requester only). */
  url: z.string().optional(),
  error: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------
// Public catalog and storefront widgets (approved and ACTIVE products only)
// ---------------------------------------------------------------------------------------------

export const PUBLIC_CATALOG_MAX = 50;
const listOf = (max: number) =>
  z
    .string()
    .max(4000)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .refine((v) => v.length <= max, `At most ${max} at a time`);
const publicStore = z.string().trim().max(100).optional();

/**
 * GET public/catalog. `id` is a product id or a comma-separated list of them, or else a vendor's
 * name (that vendor's products); without it, the store's newest products.
 */
export const PublicCatalogQuerySchema = z.object({
  store: publicStore,
  id: z.string().trim().max(4000).optional(),
  /** The language to answer in: a product's up-to-date translations replace its title, description and option names. */
  locale: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Must be a locale like nl or pt-BR')
    .optional(),
  after: z.string().max(1000).optional(),
  first: z.coerce.number().int().min(1).max(PUBLIC_CATALOG_MAX).default(PUBLIC_CATALOG_MAX),
});

export const PublicVariantSchema = z.object({
  id: z.string(),
  title: z.string(),
  options: z.array(z.string()),
  price: MoneyTextSchema,
  compareAt: MoneyTextSchema.nullable(),
  available: z.boolean(),
});

export const PublicProductSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  bodyHtml: z.string(),
  vendor: z.string(),
  image: z.string().nullable(),
  images: z.array(z.object({ src: z.string(), alt: z.string(), contentType: z.string() })),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  priceMin: MoneyTextSchema,
  priceMax: MoneyTextSchema,
  currency: z.string(),
  available: z.boolean(),
  variants: z.array(PublicVariantSchema),
  /** The vendor's holiday message while it is away (the store's holidayMode on), else null. */
  holiday: z.object({ message: z.string(), until: z.string() }).nullable(),
});
export type PublicProduct = z.infer<typeof PublicProductSchema>;

export const PublicCatalogAnswerSchema = z.object({
  products: z.array(PublicProductSchema),
  pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
});

/** GET storefront/populate: the marketplace's data of the products a storefront page shows, by handle. */
export const PopulateQuerySchema = z.object({ store: publicStore, handles: listOf(PUBLIC_CATALOG_MAX).optional() });
/** GET storefront/populate/v2: the same by product ids and/or handles, answered as a map by handle. */
export const PopulateV2QuerySchema = z.object({
  store: publicStore,
  ids: listOf(PUBLIC_CATALOG_MAX).optional(),
  handles: listOf(PUBLIC_CATALOG_MAX).optional(),
});
/** GET storefront/populate/vendor: a vendor's products, as JSON (json=true) or as an HTML fragment. */
export const PopulateVendorQuerySchema = z.object({
  store: publicStore,
  vendor: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(200),
  json: z.enum(['true', 'false', '1', '0', '']).optional(),
  after: z.string().max(1000).optional(),
  first: z.coerce.number().int().min(1).max(PUBLIC_CATALOG_MAX).default(24),
});
