import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { slugify } from '#shared/schemas/products';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { csvImports, productVariants, products, vendors } from '#server/db/schema/index';
import { actingUser } from '#server/http/acting-user';
import type { AuthContext } from '#server/http/policy';
import { AppError, notFound } from '#server/http/errors';
import { probeEach, probeRows } from '#server/db/any-of';
import { isUuid } from '#server/lib/is-uuid';
import { findVariantsBySku, variantOut } from '../products/index.ts';
import type { ImportedProduct, RowProblem } from './parse-product-csv.ts';
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
export const importAuth = (ctx: AppContext, row: CsvImportRow): Promise<AuthContext> => actingUser(ctx.db, row);

/** A product's problem as the import lists it: the first field error of what refused it. */
export const problemOf = (product: { line: number }, error: AppError): RowProblem => ({
  line: product.line,
  column: error.errors?.[0]?.path,
  message: error.errors?.[0]?.message ?? error.message,
});

/** What an imported product is matched to stored ones by. */
export type MatchKey = Pick<ImportedProduct, 'line' | 'id' | 'handle' | 'vendor' | 'title'> & { variants: { sku: string }[] };

interface HandleCandidate {
  id: string;
  handle: string;
  title: string;
}

/** How many -N handles a platform handle taken by another vendor is looked for under (-2 ... -11). */
const SUFFIXES_PROBED = 10;

/**
 * Existing products the imported ones update, with their stored fields and variants (an update
 * keeps what the file has no column for), within the import's scope only (another vendor's product
 * never matches). Matched by our export's product id, else by any variant's SKU, else by the
 * platform's handle (a store without SKUs); a handle another vendor holds matches the vendor's
 * handle-N product of the same title.
 */
export async function findMatches(db: Db, scope: { storeId: string; vendorId: string | null }, batch: MatchKey[], decimals: number) {
  const ids = batch.map((p) => p.id).filter((id): id is string => !!id && isUuid(id));
  const skus = batch.flatMap((p) => p.variants.flatMap((v) => (v.sku ? [v.sku] : [])));
  const handles = batch.flatMap((p) => (p.handle && !p.id ? [slugify(p.handle)] : []));
  // Handles are unique per store: when another vendor held it, the product was saved as handle-2, -3...
  const probed = handles.flatMap((h) => [h, ...Array.from({ length: SUFFIXES_PROBED }, (_, i) => `${h}-${i + 2}`)]);
  // Each value a probe of its index (probeEach): an import's pages look up while the tables grow.
  const bySku = await findVariantsBySku(db, scope, skus);
  const ofVendor = scope.vendorId ? sql` and ${products.vendorId} = ${scope.vendorId}` : sql``;
  const candidate = (key: SQL) =>
    sql`select ${products.id} as id, ${products.handle} as handle, ${products.title} as title from ${products} where ${key}${ofVendor}`;
  const byIdOrHandle = [
    ...(await probeEach<HandleCandidate>(db, ids, 'uuid', (id) =>
      candidate(sql`${products.id} = ${id} and ${products.storeId} = ${scope.storeId}`),
    )),
    ...(await probeEach<HandleCandidate>(db, probed, 'text', (handle) =>
      candidate(sql`${products.storeId} = ${scope.storeId} and ${products.handle} = ${handle}`),
    )),
  ];
  const matchedIds = [...new Set([...[...bySku.values()].flat().map((r) => r.productId), ...byIdOrHandle.map((r) => r.id)])];
  const stored = await probeRows(db, products, matchedIds, 'uuid', (id) => sql`${products.id} = ${id}`);
  const storedVariants = (await probeRows(db, productVariants, matchedIds, 'uuid', (id) => sql`${productVariants.productId} = ${id}`)).sort(
    (a, b) => a.position - b.position,
  );
  const productOf = new Map(stored.map((p) => [p.id, p]));
  // An admin's rows name their vendor: a SKU or handle matches only that vendor's products (an id may move a product).
  const names = scope.vendorId ? [] : [...new Set(batch.flatMap((p) => (p.vendor ? [p.vendor] : [])))];
  const vendorIds = new Map(
    names.length
      ? (
          await db
            .select({ id: vendors.id, name: vendors.name })
            .from(vendors)
            .where(and(eq(vendors.storeId, scope.storeId), inArray(vendors.name, names)))
        ).map((v) => [v.name, v.id])
      : [],
  );
  const byHandle = (handle: string, title: string, fits: (id: string) => boolean) => {
    const candidates = byIdOrHandle.filter((r) => fits(r.id));
    const exact = candidates.find((r) => r.handle === handle);
    if (exact) return exact.id;
    const suffixed = candidates.filter((r) => r.handle.startsWith(`${handle}-`) && /^\d+$/.test(r.handle.slice(handle.length + 1)));
    return suffixed.find((r) => r.title.toLowerCase() === title.toLowerCase())?.id;
  };
  return (product: MatchKey): ImportMatch | null | 'unknown-id' => {
    let productId: string | undefined;
    if (product.id) {
      productId = productOf.has(product.id) ? product.id : undefined;
      if (!productId) return 'unknown-id';
    }
    const fits = (id: string) =>
      !product.vendor || scope.vendorId !== null || productOf.get(id)?.vendorId === vendorIds.get(product.vendor);
    for (const v of product.variants)
      productId ??= v.sku ? bySku.get(v.sku.trim().toLowerCase())?.find((r) => fits(r.productId))?.productId : undefined;
    productId ??= product.handle ? byHandle(slugify(product.handle), product.title, fits) : undefined;
    if (!productId) return null;
    const variants = storedVariants.filter((v) => v.productId === productId).map((v) => variantOut(v, decimals));
    return { product: productOf.get(productId)!, variants };
  };
}
