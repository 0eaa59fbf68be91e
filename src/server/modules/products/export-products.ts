import { asc, inArray } from 'drizzle-orm';
import { PRODUCT_EXPORT_COLUMNS } from '#shared/csv-columns';
import { ProductListQuerySchema, type ProductListQuery } from '#shared/schemas/products';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import { productVariants } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { type ExportRow, type ExportSource, startExport } from '../exports/index.ts';
import { countQuery, encodeCursor, fetchPage, loadPageRows, planOf, resolveVendor, rowsOf } from './list-products.ts';
import type { VariantRow } from './product-data.ts';

function csvRows(rows: Awaited<ReturnType<typeof loadPageRows>>, variants: VariantRow[], publicUrl: string): string[][] {
  const byProduct = new Map<string, VariantRow[]>();
  for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  const absolute = (src: string) => (src.startsWith('/') ? `${publicUrl}${src}` : src);
  // In the order of PRODUCT_EXPORT_COLUMNS, which the import reads back as our own format.
  return rows.flatMap(({ product: p, vendor }) => {
    const variantsOf = byProduct.get(p.id) ?? [];
    // Prices as typed, in the product's own currency.
    const decimals = currencyDecimals(p.currency);
    // A product without variants (not creatable through the API, but possible in old data) still gets its row.
    return (variantsOf.length ? variantsOf : [null]).map((v) => {
      const options = [0, 1, 2].flatMap((i) => [p.options[i]?.name ?? '', p.options[i] ? (v?.options[i] ?? '') : '']);
      return [
        p.id,
        p.handle,
        p.title,
        p.bodyHtml,
        vendor,
        p.status,
        p.approved ? 'true' : 'false',
        v?.id ?? '',
        v?.sku ?? '',
        v?.barcode ?? '',
        v ? formatMinorUnits(v.price, decimals) : '',
        v && v.compareAt !== null ? formatMinorUnits(v.compareAt, decimals) : '',
        v ? String(v.weight) : '',
        v?.weightUnit ?? '',
        v ? (v.trackStock ? String(v.stock) : 'Untracked') : '',
        p.media.map((m) => absolute(m.src)).join(' '),
        ...options,
        p.seo.title,
        p.seo.description,
        p.updatedAt.toISOString(),
      ];
    });
  });
}

/** POST products/export: the whole filtered list (a cursor of the screen's page does not narrow it), in the caller's scope. */
export async function startProductExport(ctx: AppContext, auth: AuthContext, query: ProductListQuery) {
  const parsed = parseOrThrow(ProductListQuerySchema, query);
  const { after: _after, before: _before, first: _first, ...filters } = parsed;
  const plan = await resolveVendor(ctx.db, planOf(auth, parsed));
  return startExport(ctx, auth, 'products', { vendorId: plan.scope.vendorId, query: filters });
}

const planOfExport = (row: ExportRow) =>
  planOf({ storeId: row.storeId, vendorId: row.vendorId, isAdmin: false }, ProductListQuerySchema.parse(row.query));

/** The product list as CSV: keyset pages of the list's own query, one row per variant. */
export const PRODUCT_EXPORT: ExportSource = {
  kind: 'products',
  columns: PRODUCT_EXPORT_COLUMNS,
  screenPath: '/app/products',
  count: async (ctx, row) => rowsOf<{ n: number }>(await ctx.db.execute(countQuery(planOfExport(row), null)))[0].n,
  async page(ctx, row, cursor, size) {
    const plan = planOfExport(row);
    const page = await fetchPage(ctx.db, plan, { after: cursor ?? undefined, first: size });
    const ids = page.ids.map((r) => r.id);
    if (ids.length === 0) return { rows: [], items: 0, cursor: null };
    const products = await loadPageRows(ctx.db, ids);
    const variants = await ctx.db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(asc(productVariants.productId), asc(productVariants.position));
    const last = page.ids[page.ids.length - 1];
    return {
      rows: csvRows(products, variants, ctx.config.publicUrl),
      items: products.length,
      cursor: page.hasNextPage ? encodeCursor(plan.sort, last.k, last.id) : null,
    };
  },
};
