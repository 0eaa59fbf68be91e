import { type ProductDetail, type ProductListItem } from '#shared/schemas/products';
import type { ProductDocument } from '#shared/schemas/product-revisions';
import { formatMinorUnits } from '#shared/money';
import type { productVariants } from '#server/db/schema/index';
import type { ListProduct, ProductRow } from './product-scope.ts';
import type { Snapshot } from './product-logs.ts';
import { sanitizeRichText } from '#server/lib/rich-text';

export type VariantRow = typeof productVariants.$inferSelect;

/** How the API shows a variant: prices as decimal strings in its product's currency. */
export function variantOut(v: VariantRow, decimals: number) {
  return {
    id: v.id,
    price: formatMinorUnits(v.price, decimals),
    compareAt: v.compareAt === null ? null : formatMinorUnits(v.compareAt, decimals),
    options: v.options,
    sku: v.sku,
    barcode: v.barcode,
    taxable: v.taxable,
    trackStock: v.trackStock,
    stock: v.stock,
    requiresShipping: v.requiresShipping,
    weight: v.weight,
    weightUnit: v.weightUnit,
    dimensions: v.dimensions ?? null,
    localPickup: v.localPickup,
    media: v.media,
    metafields: v.metafields,
    position: v.position,
  };
}

/** What the product log compares: the fields a person edits (not the derived summary columns). */
export function snapshotOf(p: ProductRow, variants: VariantRow[], vendorName: string, decimals: number): Snapshot {
  return {
    title: p.title,
    bodyHtml: p.bodyHtml,
    handle: p.handle,
    status: p.status,
    vendor: vendorName,
    seo: p.seo,
    options: p.options,
    media: p.media,
    metafields: p.metafields,
    approved: p.approved,
    variants: variants.map((v) => {
      const { position: _position, ...rest } = variantOut(v, decimals);
      return rest;
    }),
  };
}

export function listItemOf(p: ListProduct, vendorName: string, currency: string, decimals: number): ProductListItem {
  return {
    id: p.id,
    handle: p.handle,
    title: p.title,
    status: p.status,
    approved: p.approved,
    vendor: vendorName,
    image: p.media.find((m) => m.contentType === 'IMAGE')?.src ?? p.media[0]?.src ?? null,
    priceMin: formatMinorUnits(p.priceMin, decimals),
    priceMax: formatMinorUnits(p.priceMax, decimals),
    currency,
    totalStock: p.totalStock,
    inStock: p.inStock,
    variantsCount: p.variantsCount,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function detailOf(
  p: ProductRow,
  variants: VariantRow[],
  vendorName: string,
  currency: string,
  decimals: number,
  translations: ProductDetail['translations'],
): ProductDetail {
  return {
    id: p.id,
    handle: p.handle,
    title: p.title,
    // What will be published (rows stored before rich text was sanitised on save included).
    bodyHtml: sanitizeRichText(p.bodyHtml),
    status: p.status,
    vendor: vendorName,
    vendorId: p.vendorId,
    approved: p.approved,
    approvedAt: p.approvedAt?.toISOString() ?? null,
    approvalNote: p.approvalNote,
    seo: p.seo,
    options: p.options,
    media: p.media,
    metafields: p.metafields,
    variants: variants.map((v) => variantOut(v, decimals)),
    currency,
    totalStock: p.totalStock,
    inStock: p.inStock,
    translations,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** A product as a revision holds it: the fields a vendor edits, prices as decimal strings of its currency. */
export function documentOf(p: ProductRow, variants: VariantRow[], decimals: number): ProductDocument {
  return {
    handle: p.handle,
    title: p.title,
    bodyHtml: p.bodyHtml,
    status: p.status,
    seo: p.seo,
    options: p.options,
    media: p.media,
    metafields: p.metafields,
    variants: variants.map((v) => variantOut(v, decimals)),
  };
}
