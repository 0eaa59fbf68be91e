import { asc, eq } from 'drizzle-orm';
import { currencyDecimals } from '#shared/money';
import type { AppContext } from '#server/context';
import { productVariants, vendors, type products, type StoredMedia, type StoredMetafield } from '#server/db/schema/index';
import type { StorefrontMedia, StorefrontMetafield, StorefrontProduct } from '#server/adapters/storefront/types';
import { sanitizeRichText } from '#server/lib/rich-text';
import { readStoreSettings } from '../settings/index.ts';

/** A product row as stored (read from the table itself, so the sync does not depend on the products module that calls it). */
type ProductRow = typeof products.$inferSelect;

/** Our stored files are saved as absolute URLs, older or hand-made ones may be paths: the platform needs absolute ones. */
const absolute = (publicUrl: string, src: string) => (src.startsWith('/') && !src.startsWith('//') ? `${publicUrl}${src}` : src);

/** A product as the storefront platform gets it: variants in order, vendor name, the product's currency, absolute media URLs. */
export async function loadStorefrontProduct(ctx: AppContext, product: ProductRow): Promise<StorefrontProduct> {
  const [variants, [vendor], settings] = await Promise.all([
    ctx.db.select().from(productVariants).where(eq(productVariants.productId, product.id)).orderBy(asc(productVariants.position)),
    ctx.db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, product.vendorId)),
    readStoreSettings(ctx.db, product.storeId),
  ]);
  const media = (list: StoredMedia[]): StorefrontMedia[] =>
    list.map((m) => ({ src: absolute(ctx.config.publicUrl, m.src), alt: m.alt, contentType: m.contentType }));
  const metafields = (list: StoredMetafield[]): StorefrontMetafield[] =>
    list.map((m) => ({ namespace: m.namespace, key: m.key, type: m.type, value: m.value }));
  return {
    id: product.id,
    storeId: product.storeId,
    handle: product.handle,
    title: product.title,
    // Sanitised again on the way out: rows stored before rich text was sanitised on save.
    bodyHtml: sanitizeRichText(product.bodyHtml),
    vendor: vendor?.name ?? '',
    seo: product.seo,
    options: product.options,
    media: media(product.media),
    metafields: metafields(product.metafields),
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      barcode: v.barcode,
      price: v.price,
      compareAt: v.compareAt,
      options: v.options,
      taxable: v.taxable,
      trackStock: v.trackStock,
      stock: v.stock,
      requiresShipping: v.requiresShipping,
      weight: v.weight,
      weightUnit: v.weightUnit,
      media: media(v.media),
      metafields: metafields(v.metafields),
    })),
    currency: product.currency,
    currencyDecimals: currencyDecimals(product.currency),
    templateSuffix: settings.templateSuffix || null,
  };
}
