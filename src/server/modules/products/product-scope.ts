import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { products } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { isUuid } from '#server/lib/is-uuid';

export const PRODUCT_NOT_FOUND = 'Product not found';

/** Whose products a caller sees: the store always, and the vendor when it works as (or for) one. */
export interface ProductScope {
  storeId: string;
  /** null: the marketplace view (every vendor of the store). */
  vendorId: string | null;
}

export const scopeOf = (auth: Pick<AuthContext, 'storeId' | 'vendorId'>): ProductScope => ({
  storeId: auth.storeId,
  vendorId: auth.vendorId,
});

/**
 * The one condition every product read and write goes through: a product of another store, or of
 * another vendor for a vendor caller, does not exist for that caller (404, nothing changed).
 */
export function inScope(scope: ProductScope, productId: string): SQL {
  const conditions = [eq(products.id, productId), eq(products.storeId, scope.storeId)];
  if (scope.vendorId) conditions.push(eq(products.vendorId, scope.vendorId));
  return and(...conditions)!;
}

/** The product row within the scope, locked for update when asked; a 404 otherwise. */
export async function getScopedProduct(db: Db, scope: ProductScope, productId: string, options: { forUpdate?: boolean } = {}) {
  if (!isUuid(productId)) throw notFound(PRODUCT_NOT_FOUND);
  const query = db.select().from(products).where(inScope(scope, productId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

export type ProductRow = typeof products.$inferSelect;
/** A product as lists read it: every column but the search vector (the database's own, large, never shown). */
export type PageProduct = Omit<ProductRow, 'search'>;

/** A row of the product list shows these (listItemOf): its page reads no other column, the description least of all. */
export const LIST_COLUMNS = {
  id: products.id,
  handle: products.handle,
  title: products.title,
  status: products.status,
  approved: products.approved,
  media: products.media,
  priceMin: products.priceMin,
  priceMax: products.priceMax,
  currency: products.currency,
  totalStock: products.totalStock,
  inStock: products.inStock,
  variantsCount: products.variantsCount,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};
export type ListProduct = Pick<PageProduct, keyof typeof LIST_COLUMNS>;
