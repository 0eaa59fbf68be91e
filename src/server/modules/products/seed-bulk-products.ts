import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { vendors } from '#server/db/schema/index';
import { SEARCH_COUNT_CAP } from '#shared/schemas/products';
import { countQuery, pageQuery, rowsOf, type ListPlan } from './list-products.ts';
import { withoutAuditTrail } from '#server/db/audit-triggers';

export const BULK_VENDORS = 50;
/** The name of bulk vendor i (0 holds 60 % of the products): "Bulk Vendor 00" to "Bulk Vendor 49". */
export const bulkVendorName = (i: number) => `Bulk Vendor ${String(i).padStart(2, '0')}`;

export interface SeedBulkOptions {
  /** Products written per statement (50,000 by default). */
  batch?: number;
  /** Called after each batch and before the final vacuum (the benchmark's progress line). */
  onProgress?: (done: number, total: number, phase: 'products' | 'analyse') => void;
}

/**
 * Many products in one store, for the EXPLAIN checks and the list benchmark: 50 vendors, one of
 * which holds 60 % of the products and the other 49 about 0.8 % each; statuses 40 % DRAFT, 40 %
 * ACTIVE, 20 % ARCHIVED; a third approved; 10 % out of stock; titles from a small vocabulary
 * ("Vintage lamp 1234"); one variant each with SKU "SKU-<n>". Written with generate_series, a batch
 * of products and their variants per statement, then analysed.
 */
async function insertBulkProducts(db: Db, storeId: string, count: number, options: SeedBulkOptions = {}) {
  const created = await db
    .insert(vendors)
    .values(Array.from({ length: BULK_VENDORS }, (_, i) => ({ storeId, name: bulkVendorName(i) })))
    .returning({ id: vendors.id });
  const ids = created.map((v) => v.id);
  const vendorArray = sql.raw(`array[${ids.map((id) => `'${id}'::uuid`).join(',')}]`);
  const batch = options.batch ?? 50_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      with inserted as (
        insert into products (store_id, vendor_id, handle, title, body_html, status, approved, in_stock, price_min, price_max, variants_count, created_at, updated_at, currency)
        select ${storeId}, (${vendorArray})[case when g % 10 < 6 then 1 else 2 + (g / 10) % 49 end],
          'p-' || g,
          (array['Blue','Red','Green','Large','Small','Vintage','Ceramic','Wooden'])[1 + g % 8] || ' ' ||
            (array['mug','bowl','plate','vase','lamp','chair','table','shirt'])[1 + (g / 8) % 8] || ' ' || g,
          '<p>Handmade item ' || g || ', made to order</p>',
          (array['DRAFT','ACTIVE','DRAFT','ACTIVE','ARCHIVED'])[1 + g % 5],
          g % 3 = 0, g % 10 <> 7, 1000 + g % 5000, 1000 + g % 5000, 1,
          now() - make_interval(secs => (g::bigint * 7919) % ${count * 3}), now() - make_interval(secs => g), 'USD'
        from generate_series(${from}::int, ${to}::int) g
        returning id, store_id, vendor_id, handle, price_min
      )
      insert into product_variants (product_id, store_id, vendor_id, sku, price)
      select id, store_id, vendor_id, 'SKU-' || substr(handle, 3), price_min from inserted`);
    options.onProgress?.(to, count, 'products');
  }
  options.onProgress?.(count, count, 'analyse');
  // What autovacuum does on a live database: statistics and the visibility map (index-only counts).
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze product_variants`);
  // Vendor 0 holds 60 % of the products; every other vendor under 1 %.
  return { bigVendor: ids[0], smallVendor: ids[7], vendorIds: ids };
}

/** The query shapes the product screens and the public catalog run, on a seeded store (EXPLAIN test and benchmark). */
export async function listQueryShapes(
  db: Db,
  storeId: string,
  seeded: { bigVendor: string; smallVendor: string; count: number },
): Promise<Record<string, SQL>> {
  const { bigVendor, smallVendor } = seeded;
  const plan = (over: Partial<ListPlan>): ListPlan => ({
    scope: { storeId, vendorId: null },
    statuses: ['DRAFT'],
    stock: 'any',
    sort: 'UPDATED_AT',
    descending: true,
    ...over,
  });
  const all: ListPlan['statuses'] = ['DRAFT', 'ACTIVE', 'ARCHIVED'];
  const big = { storeId, vendorId: bigVendor };
  const small = { storeId, vendorId: smallVendor };
  const [cursor] = rowsOf<{ k: string; id: string }>(
    await db.execute(
      sql`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as k, id from products where store_id = ${storeId} and status = 'DRAFT' order by updated_at desc, id desc limit 1 offset ${Math.min(5000, Math.floor(seeded.count / 5))}`,
    ),
  );
  const after = sql`(p.updated_at, p.id) < (${cursor.k}::timestamptz, ${cursor.id}::uuid)`;
  const handles = Array.from({ length: 100 }, (_, i) => `p-${i + 1}`);
  return {
    'store DRAFT updated': pageQuery(plan({}), null, false, 26),
    'store DRAFT updated, deep page': pageQuery(plan({}), after, false, 26),
    'big vendor DRAFT updated': pageQuery(plan({ scope: big }), null, false, 26),
    'small vendor DRAFT updated': pageQuery(plan({ scope: small }), null, false, 26),
    'big vendor ALL updated': pageQuery(plan({ scope: big, statuses: all }), null, false, 26),
    'store ALL title': pageQuery(plan({ statuses: all, sort: 'TITLE', descending: false }), null, true, 26),
    'big vendor ACTIVE created': pageQuery(plan({ scope: big, statuses: ['ACTIVE'], sort: 'CREATED_AT' }), null, false, 26),
    'store ACTIVE oos': pageQuery(plan({ statuses: ['ACTIVE'], stock: 'oos' }), null, false, 26),
    'store ACTIVE in-stock': pageQuery(plan({ statuses: ['ACTIVE'], stock: 'in-stock' }), null, false, 26),
    'store search, rare word': pageQuery(plan({ statuses: all, q: 'item 4242' }), null, false, 26),
    'store search, common word': pageQuery(plan({ statuses: ['ACTIVE'], q: 'vintage' }), null, false, 26),
    'vendor search': pageQuery(plan({ scope: big, q: 'blue mug' }), null, false, 26),
    'sku prefix': pageQuery(plan({ statuses: all, q: 'SKU-1234' }), null, false, 26),
    'public vendor page': pageQuery(plan({ scope: small, statuses: ['ACTIVE'], approvedOnly: true }), null, false, 26),
    'store waiting for approval': pageQuery(plan({ statuses: ['DRAFT', 'ACTIVE'], waitingOnly: true }), null, false, 26),
    'count store waiting for approval': countQuery(plan({ statuses: ['DRAFT', 'ACTIVE'], waitingOnly: true })),
    'count store DRAFT': countQuery(plan({})),
    'count big vendor ALL': countQuery(plan({ scope: big, statuses: all })),
    'store search, no match': pageQuery(plan({ q: 'blue red' }), null, false, 26),
    'count search': countQuery(plan({ statuses: all, q: 'vintage lamp' }), SEARCH_COUNT_CAP),
    'count search, rare word': countQuery(plan({ statuses: all, q: 'item 4242' }), SEARCH_COUNT_CAP),
    'handle probe': sql`select id, handle from products where store_id = ${storeId} and handle in (${sql.join(
      handles.map((h) => sql`${h}`),
      sql`, `,
    )})`,
  };
}

/** insertBulkProducts, with no audit record per seeded row (see withoutAuditTrail). */
export const seedBulkProducts = (...args: Parameters<typeof insertBulkProducts>) =>
  withoutAuditTrail(args[0], () => insertBulkProducts(...args));
