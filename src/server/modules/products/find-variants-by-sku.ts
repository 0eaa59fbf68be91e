import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { productVariants } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { scopeOf } from './product-scope.ts';

export const SKU_LOOKUP_MAX = 1000;

export interface VariantBySku {
  productId: string;
  variantId: string;
  sku: string;
}

/**
 * The caller's variants with these SKUs (case-insensitive, on the (store, lower(sku)) index), for
 * the CSV import's "update the product with this SKU". Keyed by the lowercased SKU; a SKU may be
 * on several variants (SKUs are not unique), so each key holds a list.
 */
export async function findVariantsBySku(ctx: AppContext, auth: Pick<AuthContext, 'storeId' | 'vendorId'>, skus: string[]): Promise<Map<string, VariantBySku[]>> {
  const wanted = [...new Set(skus.map((s) => s.trim().toLowerCase()).filter(Boolean))].slice(0, SKU_LOOKUP_MAX);
  const found = new Map<string, VariantBySku[]>();
  if (wanted.length === 0) return found;
  const scope = scopeOf(auth);
  const rows = await ctx.db
    .select({ productId: productVariants.productId, variantId: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.storeId, scope.storeId),
        ...(scope.vendorId ? [eq(productVariants.vendorId, scope.vendorId)] : []),
        inArray(sql`lower(${productVariants.sku})`, wanted),
      ),
    );
  for (const row of rows) {
    const key = row.sku.toLowerCase();
    found.set(key, [...(found.get(key) ?? []), row]);
  }
  return found;
}
