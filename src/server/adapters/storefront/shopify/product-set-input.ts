import { formatMinorUnits } from '#shared/money';
import type { StorefrontMedia, StorefrontMetafield, StorefrontProduct } from '../types.ts';

/** The platform's single-variant convention: one option "Title" with the value "Default Title". */
export const DEFAULT_OPTION = { name: 'Title', value: 'Default Title' } as const;

export const PRODUCT_SET_MUTATION = `mutation ProductSet($input: ProductSetInput!) {
  productSet(input: $input, synchronous: true) {
    product { id }
    userErrors { field message code }
  }
}`;

export interface FileSetInput {
  originalSource: string;
  contentType: 'IMAGE' | 'VIDEO' | 'EXTERNAL_VIDEO';
  alt: string;
}

export interface MetafieldInput {
  namespace: string;
  key: string;
  type: string;
  value: string;
}

export interface ProductVariantSetInput {
  id?: string;
  optionValues: { optionName: string; name: string }[];
  position: number;
  sku: string;
  price: string;
  compareAtPrice: string | null;
  barcode: string | null;
  taxable: boolean;
  inventoryItem: {
    tracked: boolean;
    requiresShipping: boolean;
    measurement: { weight: { unit: string; value: number } };
  };
  inventoryQuantities?: { locationId: string; name: 'available'; quantity: number }[];
  file?: FileSetInput;
  metafields: MetafieldInput[];
}

export interface ProductSetInput {
  id?: string;
  title: string;
  descriptionHtml: string;
  handle: string;
  vendor: string;
  status: 'ACTIVE';
  templateSuffix: string | null;
  seo: { title: string; description: string };
  productOptions: { name: string; position: number; values: { name: string }[] }[];
  files: FileSetInput[];
  metafields: MetafieldInput[];
  variants: ProductVariantSetInput[];
}

export interface ProductSetContext {
  /** The platform's id when the product was published before: productSet then updates it. */
  productId?: string | null;
  /** Platform ids of variants that exist there already, by our variant id (kept instead of recreated). */
  variantIds?: ReadonlyMap<string, string>;
  /** Where tracked stock is counted (the shop's primary location); no quantities are sent without it. */
  locationId?: string | null;
}

/** Types the platform knows; a metafield already typed like this is sent as it is. */
const PLATFORM_TYPES = new Set([
  'single_line_text_field',
  'multi_line_text_field',
  'rich_text_field',
  'boolean',
  'number_integer',
  'number_decimal',
  'date',
  'date_time',
  'url',
  'json',
  'color',
  'money',
  'rating',
  'weight',
  'dimension',
  'volume',
  'list.single_line_text_field',
  'list.url',
  'list.date',
  'list.number_integer',
  'list.number_decimal',
  'list.color',
]);
const URL_TYPES = new Set(['url', 'terms', 'video', 'file', 'image', 'media', 'list_media']);
const NAMESPACE = /^[A-Za-z0-9_-]{3,255}$/;
const KEY = /^[A-Za-z0-9_-]{2,64}$/;
const isWebUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\/\S+$/i.test(v);

/**
 * Our metafield as the platform's typed metafield, or null when it cannot be one (empty value, a key or
 * namespace the platform refuses). Our editor types become the nearest platform type; values are strings.
 */
export function toPlatformMetafield(m: StorefrontMetafield): MetafieldInput | null {
  const { value } = m;
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  if (!NAMESPACE.test(m.namespace) || !KEY.test(m.key)) return null;
  const base = { namespace: m.namespace, key: m.key };
  if (PLATFORM_TYPES.has(m.type)) return { ...base, type: m.type, value: typeof value === 'string' ? value : JSON.stringify(value) };
  if (typeof value === 'boolean') return { ...base, type: 'boolean', value: String(value) };
  if (typeof value === 'number')
    return { ...base, type: Number.isInteger(value) ? 'number_integer' : 'number_decimal', value: String(value) };
  if (Array.isArray(value)) {
    const urls = URL_TYPES.has(m.type) && value.every(isWebUrl);
    return { ...base, type: urls ? 'list.url' : 'list.single_line_text_field', value: JSON.stringify(value.map(String)) };
  }
  const text = String(value);
  if (URL_TYPES.has(m.type) && isWebUrl(text)) return { ...base, type: 'url', value: text };
  if (m.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)) return { ...base, type: 'date', value: text };
  if (m.type === 'date_time' && !Number.isNaN(Date.parse(text))) return { ...base, type: 'date_time', value: new Date(text).toISOString() };
  const multiline = m.type === 'textarea' || m.type === 'richtext' || text.includes('\n');
  return { ...base, type: multiline ? 'multi_line_text_field' : 'single_line_text_field', value: text };
}

const fileOf = (m: StorefrontMedia): FileSetInput => ({ originalSource: m.src, contentType: m.contentType, alt: m.alt });
const metafieldsOf = (list: StorefrontMetafield[]) => list.map(toPlatformMetafield).filter((m): m is MetafieldInput => m !== null);

/** The options as the platform wants them: every value a variant uses, declared once, in order. */
export function optionsOf(product: Pick<StorefrontProduct, 'options' | 'variants'>): { name: string; values: string[] }[] {
  if (product.options.length === 0) return [{ name: DEFAULT_OPTION.name, values: [DEFAULT_OPTION.value] }];
  return product.options.map((option, i) => {
    const values = [...option.values];
    for (const v of product.variants) if (v.options[i] && !values.includes(v.options[i])) values.push(v.options[i]);
    return { name: option.name, values };
  });
}

/**
 * The ProductSetInput of a product: the whole product in one call (options, variants with their
 * option values, prices as decimal strings of the store currency, inventory item and quantities,
 * files and metafields). The platform replaces the list fields wholesale, so it is always complete.
 */
export function toProductSetInput(product: StorefrontProduct, context: ProductSetContext = {}): ProductSetInput {
  const options = optionsOf(product);
  const price = (minor: number) => formatMinorUnits(minor, product.currencyDecimals);
  // A variant's image must also be one of the product's files.
  const files: FileSetInput[] = [];
  for (const m of [...product.media, ...product.variants.flatMap((v) => v.media.slice(0, 1))]) {
    if (!files.some((f) => f.originalSource === m.src)) files.push(fileOf(m));
  }
  const variants = product.variants.map((v, index): ProductVariantSetInput => {
    const id = context.variantIds?.get(v.id);
    const firstMedia = v.media[0];
    return {
      ...(id ? { id } : {}),
      optionValues: options.map((o, i) => ({ optionName: o.name, name: product.options.length ? v.options[i] : DEFAULT_OPTION.value })),
      position: index + 1,
      sku: v.sku,
      price: price(v.price),
      compareAtPrice: v.compareAt === null ? null : price(v.compareAt),
      barcode: v.barcode || null,
      taxable: v.taxable,
      inventoryItem: {
        tracked: v.trackStock,
        requiresShipping: v.requiresShipping,
        measurement: { weight: { unit: v.weightUnit, value: v.weight } },
      },
      ...(v.trackStock && context.locationId
        ? { inventoryQuantities: [{ locationId: context.locationId, name: 'available' as const, quantity: v.stock }] }
        : {}),
      ...(firstMedia ? { file: fileOf(firstMedia) } : {}),
      metafields: metafieldsOf(v.metafields),
    };
  });
  return {
    ...(context.productId ? { id: context.productId } : {}),
    title: product.title,
    descriptionHtml: product.bodyHtml,
    handle: product.handle,
    vendor: product.vendor,
    status: 'ACTIVE',
    templateSuffix: product.templateSuffix,
    seo: { title: product.seo.title, description: product.seo.description },
    productOptions: options.map((o, i) => ({ name: o.name, position: i + 1, values: o.values.map((name) => ({ name })) })),
    files,
    metafields: metafieldsOf(product.metafields),
    variants,
  };
}
