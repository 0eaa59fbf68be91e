import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { probeEach } from '#server/db/any-of';
import { productVariants } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { scopeOf } from './product-scope.ts';

export interface VariantBySku {
  productId: string;
  variantId: string;
  sku: string;
}

/**
 * The caller's variants with these SKUs (case-insensitive, a probe of the (store, lower(sku)) index
 * per SKU), for the CSV import's "update the product with this SKU". Keyed by the lowercased SKU; a
 * SKU may be on several variants (SKUs are not unique), so each key holds a list.
 */
export async function findVariantsBySku(
  db: Db,
  auth: Pick<AuthContext, 'storeId' | 'vendorId'>,
  skus: readonly string[],
): Promise<Map<string, VariantBySku[]>> {
  const wanted = skus.map((s) => s.trim().toLowerCase()).filter(Boolean);
  const scope = scopeOf(auth);
  const ofVendor = scope.vendorId ? sql` and ${productVariants.vendorId} = ${scope.vendorId}` : sql``;
  const rows = await probeEach<VariantBySku>(
    db,
    wanted,
    'text',
    (sku) =>
      sql`select ${productVariants.productId} as "productId", ${productVariants.id} as "variantId", ${productVariants.sku} as sku from ${productVariants}
          where ${productVariants.storeId} = ${scope.storeId} and lower(${productVariants.sku}) = ${sku}${ofVendor}`,
  );
  const found = new Map<string, VariantBySku[]>();
  for (const row of rows) {
    const key = row.sku.toLowerCase();
    found.set(key, [...(found.get(key) ?? []), row]);
  }
  return found;
}
