import type { ImportedProduct } from './parse-product-csv.ts';

/** Existing rows an imported product updates: matched by product id, else by a variant's SKU. */
export interface ImportMatch {
  productId: string;
  variantIdsBySku: Map<string, string>;
}

/** The products-v2 input for one imported product; with a match it updates instead of creating. */
export function toProductInput(product: ImportedProduct, match: ImportMatch | null, asAdmin: boolean) {
  return {
    ...(match ? { id: match.productId } : {}),
    title: product.title,
    bodyHtml: product.bodyHtml,
    ...(product.handle && !match ? { handle: product.handle } : {}),
    ...(product.status ? { status: product.status } : {}),
    ...(asAdmin && product.vendor ? { vendor: product.vendor } : {}),
    ...(product.seo ? { seo: product.seo } : {}),
    options: product.options,
    media: product.images.map((image) => ({ src: image.src, alt: image.alt, contentType: 'IMAGE' as const })),
    metafields: product.metafields.map((m) => ({ namespace: m.namespace, key: m.key, value: m.value })),
    variants: product.variants.map((v) => ({
      ...(match?.variantIdsBySku.get(v.sku.toLowerCase()) ? { id: match.variantIdsBySku.get(v.sku.toLowerCase()) } : {}),
      sku: v.sku,
      price: v.price,
      compareAt: v.compareAt,
      barcode: v.barcode ?? '',
      weight: v.weight,
      weightUnit: v.weightUnit,
      trackStock: v.stock !== null,
      stock: v.stock ?? 0,
      requiresShipping: v.requiresShipping,
      taxable: v.taxable,
      options: v.options,
    })),
  };
}
