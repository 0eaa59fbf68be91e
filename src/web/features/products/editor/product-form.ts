import type { MetafieldType } from '#shared/schemas/metafields';
import type { MediaContentType } from '#shared/schemas/media';
import { MAX_OPTIONS, type ProductDetail, type ProductStatus, type WholeProductInput } from '#shared/schemas/products';
import { LENGTH_UNITS, WEIGHT_UNITS } from '#shared/schemas/settings';

export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export type LengthUnit = (typeof LENGTH_UNITS)[number];

/** What the editor needs of a product metafield definition (GET metafields?owner=products). */
export interface EditorDefinition {
  key: string;
  name: string;
  type: MetafieldType;
  description?: string;
  required?: boolean;
  options?: string[];
  link?: string;
}

/** `uid` identifies an option while it is edited (renaming it keeps the variants' values). */
export interface OptionFormValue {
  uid: string;
  name: string;
  values: string[];
}

type PayloadVariant = WholeProductInput['variants'][number];
type PayloadMetafield = NonNullable<WholeProductInput['metafields']>[number];

/** Numbers are typed as text and read by the shared schema (so "19,99" and "19.99" both work). */
export interface VariantFormValue {
  id?: string;
  options: string[];
  price: string;
  compareAt: string;
  sku: string;
  barcode: string;
  taxable: boolean;
  trackStock: boolean;
  stock: string;
  requiresShipping: boolean;
  weight: string;
  weightUnit: WeightUnit;
  dimensions: { width: string; height: string; length: string; dimUnit: LengthUnit };
  localPickup: boolean;
  /** Not edited here: sent back as they came. */
  media: NonNullable<PayloadVariant['media']>;
  metafields: NonNullable<PayloadVariant['metafields']>;
}

/** `uid` keeps a tile's identity while it is dragged or moved (focus stays on the moved tile). */
export interface MediaFormValue {
  uid: string;
  id?: string;
  src: string;
  alt: string;
  contentType: MediaContentType;
}

export type MetafieldFormValue = string | string[] | boolean;

/**
 * What the editor holds. Metafield values are by the definition's position, not its key: keys are
 * not safe as react-hook-form paths (a key "10" would read as an array index).
 */
export interface ProductFormValues {
  id?: string;
  title: string;
  bodyHtml: string;
  status: ProductStatus;
  vendor: string;
  seo: { title: string; description: string };
  options: OptionFormValue[];
  variants: VariantFormValue[];
  media: MediaFormValue[];
  metafields: MetafieldFormValue[];
  /** Stored metafields no definition describes (other apps, removed definitions): kept as they are. */
  extraMetafields: PayloadMetafield[];
}

export interface FormDefaults {
  weightUnit: WeightUnit;
  lengthUnit: LengthUnit;
  /** New variants offer local pickup (the ship-from settings' defaultLocalPickup). */
  localPickup: boolean;
}

let uidCounter = 0;
/** Client-side identities for options and media; never sent. */
export const newUid = (prefix: string) => `${prefix}-${++uidCounter}`;

export function emptyVariant(defaults: FormDefaults, options: string[] = []): VariantFormValue {
  return {
    options,
    price: '',
    compareAt: '',
    sku: '',
    barcode: '',
    taxable: true,
    // A typed stock means counted stock: untracked is the choice to make, not the default.
    trackStock: true,
    stock: '',
    requiresShipping: true,
    weight: '',
    weightUnit: defaults.weightUnit,
    dimensions: { width: '', height: '', length: '', dimUnit: defaults.lengthUnit },
    localPickup: defaults.localPickup,
    media: [],
    metafields: [],
  };
}

/** The value an unanswered field of this type holds. */
export function emptyMetafieldValue(type: MetafieldType): MetafieldFormValue {
  switch (type) {
    case 'checkbox':
    case 'media':
    case 'list_media':
      return [];
    case 'terms':
      return false;
    default:
      return '';
  }
}

const isListType = (type: MetafieldType) => type === 'checkbox' || type === 'media' || type === 'list_media';

/** A stored value as the field of its type shows it. */
export function toMetafieldFormValue(value: unknown, type: MetafieldType): MetafieldFormValue {
  if (value === null || value === undefined) return emptyMetafieldValue(type);
  if (type === 'terms') return value === true || value === 'true';
  if (isListType(type)) {
    if (Array.isArray(value)) return value.map(String);
    return String(value) ? [String(value)] : [];
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

/** The value sent for a field: an unticked terms box is no answer (false would count as one). */
export function toMetafieldPayloadValue(value: MetafieldFormValue, type: MetafieldType): PayloadMetafield['value'] {
  if (type === 'terms') return value === true ? true : null;
  return value;
}

export function emptyProductForm(definitions: readonly EditorDefinition[], defaults: FormDefaults): ProductFormValues {
  return {
    title: '',
    bodyHtml: '',
    status: 'DRAFT',
    vendor: '',
    seo: { title: '', description: '' },
    options: [],
    variants: [emptyVariant(defaults)],
    media: [],
    metafields: definitions.map((d) => emptyMetafieldValue(d.type)),
    extraMetafields: [],
  };
}

const asWeightUnit = (unit: string, fallback: WeightUnit): WeightUnit =>
  (WEIGHT_UNITS as readonly string[]).includes(unit) ? (unit as WeightUnit) : fallback;
const asLengthUnit = (unit: string, fallback: LengthUnit): LengthUnit =>
  (LENGTH_UNITS as readonly string[]).includes(unit) ? (unit as LengthUnit) : fallback;
/** A stored 0 weight reads as "not given", so an untouched field stays empty. */
const measure = (n: number | null | undefined) => (n === null || n === undefined || n === 0 ? '' : String(n));

/** GET products-v2/{id} → the editor's values. */
export function toProductForm(product: ProductDetail, definitions: readonly EditorDefinition[], defaults: FormDefaults): ProductFormValues {
  const options = product.options.slice(0, MAX_OPTIONS).map((o) => ({ uid: newUid('option'), name: o.name, values: [...o.values] }));
  const byKey = new Map<string, ProductDetail['metafields'][number]>();
  // A definition reads its key in the custom namespace first, else in any namespace.
  for (const m of product.metafields) if (!byKey.has(m.key) || m.namespace === 'custom') byKey.set(m.key, m);
  const used = new Set(definitions.map((d) => byKey.get(d.key)).filter(Boolean));
  return {
    id: product.id,
    title: product.title,
    bodyHtml: product.bodyHtml,
    status: product.status,
    vendor: product.vendor,
    seo: { title: product.seo.title, description: product.seo.description },
    options,
    variants: product.variants.map((v) => ({
      id: v.id,
      options: options.map((_, i) => v.options[i] ?? ''),
      price: v.price,
      compareAt: v.compareAt ?? '',
      sku: v.sku,
      barcode: v.barcode,
      taxable: v.taxable,
      trackStock: v.trackStock,
      stock: String(v.stock),
      requiresShipping: v.requiresShipping,
      weight: measure(v.weight),
      weightUnit: asWeightUnit(v.weightUnit, defaults.weightUnit),
      dimensions: {
        width: measure(v.dimensions?.width),
        height: measure(v.dimensions?.height),
        length: measure(v.dimensions?.length),
        dimUnit: asLengthUnit(v.dimensions?.dimUnit ?? '', defaults.lengthUnit),
      },
      localPickup: v.localPickup.enabled,
      media: v.media.map((m) => ({ id: m.id, src: m.src, alt: m.alt, contentType: m.contentType })),
      metafields: v.metafields.map((m) => ({
        key: m.key,
        namespace: m.namespace,
        type: m.type,
        value: m.value as PayloadMetafield['value'],
      })),
    })),
    media: product.media.map((m) => ({ uid: newUid('media'), id: m.id, src: m.src, alt: m.alt, contentType: m.contentType })),
    metafields: definitions.map((d) => toMetafieldFormValue(byKey.get(d.key)?.value, d.type)),
    extraMetafields: product.metafields
      .filter((m) => !used.has(m))
      .map((m) => ({ key: m.key, namespace: m.namespace, type: m.type, value: m.value as PayloadMetafield['value'] })),
  };
}

const hasDimensions = (d: VariantFormValue['dimensions']) => [d.width, d.height, d.length].some((side) => side.trim() !== '');

/**
 * The editor's values → the `product` of PUT products-v2. Every row is sent, empty ones too: the
 * shared schema drops them, and its error paths (variants.3.price) keep the rows' indexes. The
 * definitions' metafields come first, in the definitions' order, so `metafields.N` is field N.
 */
export function toProductInput(
  values: ProductFormValues,
  definitions: readonly EditorDefinition[],
  { withVendor }: { withVendor: boolean },
): WholeProductInput {
  return {
    ...(values.id ? { id: values.id } : {}),
    title: values.title,
    bodyHtml: values.bodyHtml,
    status: values.status,
    ...(withVendor && values.vendor.trim() ? { vendor: values.vendor.trim() } : {}),
    seo: { title: values.seo.title, description: values.seo.description },
    options: values.options.map((o) => ({ name: o.name, values: [...o.values] })),
    media: values.media.map((m) => ({ ...(m.id ? { id: m.id } : {}), src: m.src, alt: m.alt, contentType: m.contentType })),
    variants: values.variants.map((v) => ({
      ...(v.id ? { id: v.id } : {}),
      // An empty cell is no price (the API's amount text is never ''); a row with neither price nor stock is dropped.
      price: v.price.trim() || null,
      compareAt: v.compareAt.trim() || null,
      options: [...v.options],
      sku: v.sku,
      barcode: v.barcode,
      taxable: v.taxable,
      trackStock: v.trackStock,
      stock: v.stock,
      requiresShipping: v.requiresShipping,
      weight: v.weight,
      weightUnit: v.weightUnit,
      // The schema keeps dimensions only when all three are given.
      dimensions: hasDimensions(v.dimensions) ? { ...v.dimensions } : null,
      localPickup: { enabled: v.localPickup },
      media: v.media,
      metafields: v.metafields,
    })),
    metafields: [
      ...definitions.map((d, i) => ({
        key: d.key,
        namespace: 'custom',
        type: d.type,
        value: toMetafieldPayloadValue(values.metafields[i] ?? emptyMetafieldValue(d.type), d.type),
      })),
      ...values.extraMetafields,
    ],
  };
}

/** The current values of the fields by key, for show/showWhen (isFieldShown). */
export function metafieldValuesByKey(
  definitions: readonly EditorDefinition[],
  values: readonly MetafieldFormValue[],
): Record<string, unknown> {
  return Object.fromEntries(definitions.map((d, i) => [d.key, values[i]]));
}
