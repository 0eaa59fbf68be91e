import { createHash } from 'node:crypto';
import { formatMinorUnits, roundToMinorUnits } from '#shared/money';
import { FACTOR_SCALE } from '#shared/schemas/integrations';
import {
  psText,
  type PrestaShopClient,
  type PsCombination,
  type PsOption,
  type PsOptionValue,
  type PsProduct,
  type PsStockAvailable,
} from '#server/adapters/prestashop/client';
import type { ProductRow, variantOut } from '../products/index.ts';
import type { IntegrationRow } from './integration-scope.ts';

type StoredVariant = ReturnType<typeof variantOut>;

/** What one PrestaShop product becomes here, before it meets the stored product it updates. */
export interface ExternalProduct {
  externalId: string;
  title: string;
  bodyHtml: string;
  active: boolean;
  images: string[];
  options: { name: string; values: string[] }[];
  variants: { externalId: string; sku: string; barcode: string; price: string; stock: number; weight: number; options: string[] }[];
  /** Changes when anything we would write changes (the shop's data or the vendor's price and skip settings). */
  digest: string;
}

/** Option values by id with their option's name, read once per sync run. */
export type OptionNames = Map<string, { option: string; value: string }>;

export function optionNamesOf(options: PsOption[], values: PsOptionValue[]): OptionNames {
  const optionName = new Map(options.map((o) => [String(o.id), psText(o.name)]));
  return new Map(values.map((v) => [String(v.id), { option: optionName.get(v.id_attribute_group) ?? '', value: psText(v.name) }]));
}

const decimal = (value: string | undefined) => {
  const number = Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
};

/**
 * The product with prices as the vendor set them: (PrestaShop's tax-excluded price + the
 * combination's impact) × factor + cost, rounded half-up to the store currency's minor units.
 * Stock comes from stock_availables (the product's own quantity is always 0 in the webservice).
 */
export function toExternalProduct(
  product: PsProduct,
  combinations: PsCombination[],
  stock: PsStockAvailable[],
  names: OptionNames,
  settings: Pick<IntegrationRow, 'additionalCost' | 'additionalFactor' | 'skipPriceUpdate' | 'skipContentUpdate'>,
  client: Pick<PrestaShopClient, 'imageUrl'>,
  decimals: number,
): ExternalProduct {
  const id = String(product.id);
  const stockOf = (attribute: string) => decimal(stock.find((s) => s.id_product === id && s.id_product_attribute === attribute)?.quantity);
  const priceOf = (impact: string | undefined) => {
    const base = roundToMinorUnits(product.price ?? '0', decimals) + roundToMinorUnits(impact ?? '0', decimals);
    const scaled = Math.round((Math.max(0, base) * settings.additionalFactor) / FACTOR_SCALE);
    return formatMinorUnits(scaled + settings.additionalCost, decimals);
  };
  const own = combinations.filter((c) => c.id_product === id);
  const options: { name: string; values: string[] }[] = [];
  const variants = own.length
    ? own.map((c) => {
        const values = (c.associations?.product_option_values ?? []).flatMap((v) => {
          const named = names.get(String(v.id));
          return named ? [named] : [];
        });
        for (const { option, value } of values) {
          let entry = options.find((o) => o.name === option);
          if (!entry) options.push((entry = { name: option, values: [] }));
          if (!entry.values.includes(value)) entry.values.push(value);
        }
        return {
          externalId: String(c.id),
          sku: c.reference || product.reference || '',
          barcode: c.ean13 || '',
          price: priceOf(c.price),
          stock: stockOf(String(c.id)),
          weight: decimal(product.weight) + decimal(c.weight),
          options: values.map((v) => v.value),
        };
      })
    : [
        {
          externalId: '0',
          sku: product.reference ?? '',
          barcode: product.ean13 ?? '',
          price: priceOf('0'),
          stock: stockOf('0'),
          weight: decimal(product.weight),
          options: [],
        },
      ];
  const external = {
    externalId: id,
    title: psText(product.name),
    bodyHtml: psText(product.description),
    active: product.active === '1',
    images: (product.associations?.images ?? []).map((image) => client.imageUrl(String(image.id))),
    options,
    variants,
  };
  const digest = createHash('sha256')
    .update(JSON.stringify([external, settings.skipPriceUpdate, settings.skipContentUpdate]))
    .digest('base64url');
  return { ...external, digest };
}

const sameOptions = (a: string[], b: string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The products-v2 input for an external product; with the stored product it updates, what the
 * shop does not say (SEO, metafields, dimensions, variant pictures, compare-at prices) is kept, and
 * the skip settings keep the stored prices (skipPriceUpdate) or title, description and pictures
 * (skipContentUpdate). Variants pair by SKU, else by option values.
 */
export function toProductInput(
  external: ExternalProduct,
  stored: { product: ProductRow; variants: StoredVariant[] } | null,
  settings: Pick<IntegrationRow, 'skipPriceUpdate' | 'skipContentUpdate'>,
) {
  const free = new Set(stored?.variants ?? []);
  const take = (same: (s: StoredVariant) => boolean) => {
    const found = [...free].find(same);
    if (found) free.delete(found);
    return found;
  };
  const pairs = external.variants.map((v) => (v.sku ? take((s) => s.sku.toLowerCase() === v.sku.toLowerCase()) : undefined));
  external.variants.forEach((v, i) => (pairs[i] ??= take((s) => sameOptions(s.options, v.options))));
  const keepContent = !!stored && settings.skipContentUpdate;
  const product = stored?.product;
  const storedMedia = new Map((product?.media ?? []).map((m) => [m.src, m]));
  return {
    ...(product
      ? { id: product.id, seo: product.seo, metafields: product.metafields }
      : { status: external.active ? ('ACTIVE' as const) : ('DRAFT' as const) }),
    title: keepContent ? product!.title : external.title,
    bodyHtml: keepContent ? product!.bodyHtml : external.bodyHtml,
    media: keepContent
      ? product!.media
      : external.images.map((src) => storedMedia.get(src) ?? { src, alt: '', contentType: 'IMAGE' as const }),
    options: external.options,
    variants: external.variants.map((v, i) => {
      const old = pairs[i];
      return {
        ...(old
          ? {
              id: old.id,
              dimensions: old.dimensions,
              localPickup: old.localPickup,
              metafields: old.metafields,
              media: old.media,
              compareAt: old.compareAt,
              taxable: old.taxable,
              requiresShipping: old.requiresShipping,
            }
          : {}),
        sku: v.sku,
        barcode: v.barcode,
        price: old && settings.skipPriceUpdate ? old.price : v.price,
        trackStock: true,
        stock: v.stock,
        weight: v.weight,
        weightUnit: 'KILOGRAMS' as const,
        options: v.options,
      };
    }),
  };
}
