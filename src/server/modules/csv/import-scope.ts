import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { csvImports, productVariants, products, users, vendors } from '../../db/schema/index.ts';
import type { AuthContext } from '../../http/policy.ts';
import { notFound } from '../../http/errors.ts';
import type { ImportedProduct } from './parse-product-csv.ts';
import type { ImportMatch } from './to-product-input.ts';

export type CsvImportRow = typeof csvImports.$inferSelect;

/** An import of the caller: same store, same user; anything else reads as not found. */
export async function getOwnImport(db: Db, auth: AuthContext, importId: string): Promise<CsvImportRow> {
  const [row] = await db
    .select()
    .from(csvImports)
    .where(and(eq(csvImports.id, importId), eq(csvImports.storeId, auth.storeId), eq(csvImports.userId, auth.userId)));
  if (!row) throw notFound('Import not found');
  return row;
}

/** The caller the import job acts as: the user who confirmed it, with the scope it had then. */
export async function importAuth(ctx: AppContext, row: CsvImportRow): Promise<AuthContext> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  const [vendor] = row.vendorId ? await ctx.db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, row.vendorId)) : [];
  return {
    userId: row.userId,
    storeId: row.storeId,
    email: user?.email ?? '',
    name: user?.name ?? null,
    isAdmin: user?.isAdmin ?? false,
    vendor: vendor?.name ?? '*',
    vendorId: row.vendorId,
  };
}

/**
 * Existing products the imported ones update, matched by product id, else by any variant's SKU,
 * within the import's scope only (a SKU of another vendor never matches).
 */
export async function findMatches(db: Db, scope: { storeId: string; vendorId: string | null }, batch: ImportedProduct[]) {
  const ids = batch.map((p) => p.id).filter((id): id is string => !!id && /^[0-9a-f-]{36}$/i.test(id));
  const skus = batch.flatMap((p) => p.variants.map((v) => v.sku.toLowerCase()));
  const vendorFilter = scope.vendorId ? eq(productVariants.vendorId, scope.vendorId) : undefined;
  const bySku = skus.length
    ? await db
        .select({ productId: productVariants.productId, variantId: productVariants.id, sku: productVariants.sku })
        .from(productVariants)
        .where(and(eq(productVariants.storeId, scope.storeId), inArray(sql`lower(${productVariants.sku})`, skus), vendorFilter))
    : [];
  const byId = ids.length
    ? await db
        .select({ productId: productVariants.productId, variantId: productVariants.id, sku: productVariants.sku })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(products.storeId, scope.storeId), inArray(products.id, ids), scope.vendorId ? eq(products.vendorId, scope.vendorId) : undefined))
    : [];
  const known = new Set([...byId, ...bySku].map((r) => r.productId));
  return (product: ImportedProduct): ImportMatch | null | 'unknown-id' => {
    let productId = product.id && known.has(product.id) ? product.id : null;
    if (product.id && !productId) return 'unknown-id';
    if (!productId) {
      const skuSet = new Set(product.variants.map((v) => v.sku.toLowerCase()));
      productId = bySku.find((r) => skuSet.has(r.sku.toLowerCase()))?.productId ?? null;
    }
    if (!productId) return null;
    const variantIdsBySku = new Map(
      [...byId, ...bySku].filter((r) => r.productId === productId && r.sku).map((r) => [r.sku.toLowerCase(), r.variantId] as [string, string]),
    );
    return { productId, variantIdsBySku };
  };
}
