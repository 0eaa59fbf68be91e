import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  PRODUCT_COUNT_CAP,
  PRODUCT_STATUSES,
  WAITING_STATUSES,
  SEARCH_COUNT_CAP,
  type ParsedProductListQuery,
  type ProductListAnswer,
  type ProductSort,
  type ProductStatus,
} from '#shared/schemas/products';
import { currencyDecimals } from '#shared/money';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { products, vendors } from '#server/db/schema/index';
import { badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getVendorByName } from '../vendors/index.ts';
import { listItemOf } from './product-data.ts';
import { isUuid } from '#server/lib/is-uuid';
import { LIST_COLUMNS, scopeOf, type ListProduct, type PageProduct, type ProductScope } from './product-scope.ts';

export type { PageProduct } from './product-scope.ts';

/**
 * The product list, sized for a million products a store.
 *
 * Keyset pagination: a page is "the next `first` rows after (sort value, id)" read from the btree
 * index that matches the scope, the status and the sort, so page 1 and page 10,000 cost the same.
 * Cursors are opaque base64url JSON of [sort, sort value as text, id]. For several statuses (ALL)
 * each status reads its own index range and the few rows are merged (UNION ALL), because one
 * btree cannot give (status in ..., order by key) in order. A search (q) matches the full-text
 * index (title and description words, the last as a prefix) or a SKU prefix; it walks a bounded
 * stretch of the ordered index testing each row and goes to the GIN index only for a rare term
 * (searchPageQuery). The count stops at PRODUCT_COUNT_CAP, a search's at SEARCH_COUNT_CAP
 * (countCapped), so counting never walks a whole index.
 */

export interface ListPlan {
  scope: ProductScope;
  statuses: ProductStatus[];
  stock: 'any' | 'in-stock' | 'oos';
  q?: string;
  sort: ProductSort;
  descending: boolean;
  /** Public lists: only approved products. */
  approvedOnly?: boolean;
  /** Products waiting for an admin's approval only (the partial index products_waiting_idx serves it). */
  waitingOnly?: boolean;
  /** An admin's vendor filter by name, resolved inside the statements (no lookup before them). */
  vendorName?: string;
}

interface Cursor {
  value: string;
  id: string;
}

const KEY: Record<ProductSort, SQL> = {
  UPDATED_AT: sql.raw('p.updated_at'),
  CREATED_AT: sql.raw('p.created_at'),
  TITLE: sql.raw('lower(p.title)'),
};
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
/** The sort value as exact text for the cursor (timestamps to the microsecond, in UTC). */
const KEY_TEXT: Record<ProductSort, SQL> = {
  UPDATED_AT: sql.raw(`to_char(p.updated_at at time zone 'UTC', ${ISO})`),
  CREATED_AT: sql.raw(`to_char(p.created_at at time zone 'UTC', ${ISO})`),
  TITLE: sql.raw('lower(p.title)'),
};
const SORT_CODE: Record<ProductSort, string> = { UPDATED_AT: 'u', CREATED_AT: 'c', TITLE: 't' };
const ISO_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const INVALID_CURSOR = 'Invalid cursor';

export function encodeCursor(sort: ProductSort, value: string, id: string): string {
  return Buffer.from(JSON.stringify([SORT_CODE[sort], value, id])).toString('base64url');
}

export function decodeCursor(sort: ProductSort, cursor: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed.some((p) => typeof p !== 'string')) throw badRequest(INVALID_CURSOR);
  const [code, value, id] = parsed as [string, string, string];
  // A cursor of another sort order points nowhere meaningful in this one.
  if (code !== SORT_CODE[sort] || !isUuid(id)) throw badRequest(INVALID_CURSOR);
  if (sort !== 'TITLE' && !ISO_VALUE.test(value)) throw badRequest(INVALID_CURSOR);
  return { value, id };
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Words of a search typed by a person: whole words, and the last one as a prefix, as it may still
 * be typed ("blue mu" finds "Blue mug"). Only the last: a prefix makes the index gather every word
 * it starts, and the planner cannot estimate it, so several prefixes made a million-product search slow.
 */
export function searchQuery(q: string): string | null {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length ? words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ') : null;
}

/** A SKU prefix that matches more products than this is not a SKU search any more: the rest are left out. */
export const SKU_MATCH_LIMIT = 1000;

/**
 * Title/description words (GIN) or a SKU prefix. The SKU matches come as an array of ids (an
 * init plan), so the planner can OR the GIN bitmap with a primary-key bitmap, or walk the list's
 * ordered index and test each row: either way no join over the whole table.
 */
function searchCondition(plan: ListPlan, q: string): SQL {
  const tsquery = searchQuery(q);
  const vendor = vendorCondition(plan, sql.raw('v.vendor_id'));
  const skus = sql`p.id = any(array(select v.product_id from product_variants v where v.store_id = ${plan.scope.storeId}${
    vendor ? sql` and ${vendor}` : sql``
  } and lower(v.sku) like ${`${escapeLike(q.trim().toLowerCase())}%`} limit ${SKU_MATCH_LIMIT}))`;
  return tsquery ? sql`(p.search @@ to_tsquery('simple', ${tsquery}) or ${skus})` : skus;
}

/** The vendor a plan is narrowed to: the scope's, or the admin's filter by name (an init plan the index condition uses). */
function vendorCondition(plan: ListPlan, column: SQL): SQL | null {
  if (plan.scope.vendorId) return sql`${column} = ${plan.scope.vendorId}::uuid`;
  if (plan.vendorName)
    return sql`${column} = (select vn.id from vendors vn where vn.store_id = ${plan.scope.storeId} and vn.name = ${plan.vendorName})`;
  return null;
}

function statusCondition(statuses: ProductStatus[]): SQL | null {
  if (statuses.length === PRODUCT_STATUSES.length) return null;
  // Waiting for approval on the Archived tab: nothing can match.
  if (statuses.length === 0) return sql`false`;
  if (statuses.length === 1) return sql`p.status = ${statuses[0]}`;
  return sql`p.status in (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )})`;
}

function filters(plan: ListPlan, statuses: ProductStatus[], withSearch = true): SQL[] {
  const parts: SQL[] = [sql`p.store_id = ${plan.scope.storeId}`];
  const vendor = vendorCondition(plan, sql.raw('p.vendor_id'));
  if (vendor) parts.push(vendor);
  const status = statusCondition(statuses);
  if (status) parts.push(status);
  if (plan.approvedOnly) parts.push(sql`p.approved`);
  if (plan.waitingOnly) parts.push(sql`not p.approved`);
  if (plan.stock === 'in-stock') parts.push(sql`p.in_stock`);
  if (plan.stock === 'oos') parts.push(sql`not p.in_stock`);
  if (plan.q && withSearch) parts.push(searchCondition(plan, plan.q));
  return parts;
}

type Comparison = '<' | '>' | '<=' | '>=';

function keyset(plan: ListPlan, cursor: Cursor, op: Comparison): SQL {
  const value = plan.sort === 'TITLE' ? sql`${cursor.value}::text` : sql`${cursor.value}::timestamptz`;
  return sql`(${KEY[plan.sort]}, p.id) ${sql.raw(op)} (${value}, ${cursor.id}::uuid)`;
}

/**
 * The ids and cursor values of up to `limit` products in `order`, starting after a keyset bound.
 * Exported for the EXPLAIN checks (test/products-explain): every shape must read an index.
 */
export function pageQuery(plan: ListPlan, bound: SQL | null, ascending: boolean, limit: number): SQL {
  if (plan.q) return searchPageQuery(plan, bound, ascending, limit);
  const dir = sql.raw(ascending ? 'asc' : 'desc');
  const branch = (statuses: ProductStatus[]) => {
    const where = [...filters(plan, statuses), ...(bound ? [bound] : [])];
    return sql`select p.id, ${KEY[plan.sort]} as sk, ${KEY_TEXT[plan.sort]} as k from products p where ${sql.join(where, sql` and `)} order by ${KEY[plan.sort]} ${dir}, p.id ${dir} limit ${limit}`;
  };
  // One index range per status keeps the order without sorting the whole set.
  if (plan.statuses.length <= 1) return branch(plan.statuses);
  const parts = plan.statuses.map((status) => sql`(${branch([status])})`);
  return sql`select id, sk, k from (${sql.join(parts, sql` union all `)}) u order by sk ${dir}, id ${dir} limit ${limit}`;
}

/**
 * Rows of the list's ordered index a search's page reads at most (each status's range) before it
 * leaves the page to the full-text index: a term on more than about 0.5 % of the products fills a
 * page within them.
 */
export const SEARCH_PAGE_WINDOW = 5_000;
/** The same for the count: more than SEARCH_COUNT_CAP matches among these rows settle it (a term on more than 1 %). */
export const SEARCH_COUNT_WINDOW = 10_000;

/**
 * The search's matches among the first `window` rows of each status's range of the list's ordered
 * index (the filters but the search, the match tested on each row read): bounded whatever the term.
 */
function searchWalks(plan: ListPlan, bound: SQL | null, ascending: boolean, window: number, select: (walked: SQL) => SQL): SQL[] {
  const dir = sql.raw(ascending ? 'asc' : 'desc');
  const key = KEY[plan.sort];
  const match = searchCondition(plan, plan.q!);
  const sets = plan.statuses.length <= 1 ? [plan.statuses] : plan.statuses.map((s) => [s]);
  return sets.map((statuses) => {
    const where = [...filters(plan, statuses, false), ...(bound ? [bound] : [])];
    // The key is an output column, so an outer order by it is the index's and an outer limit stops the walk.
    return select(
      sql`(select p.id, p.updated_at, p.created_at, p.title, ${key} as sk, ${match} as hit from products p where ${sql.join(where, sql` and `)} order by ${key} ${dir}, p.id ${dir} limit ${Math.ceil(window / sets.length)})`,
    );
  });
}

/**
 * A search's page, bounded whatever the term. First each status's range of the list's ordered
 * index is walked (searchWalks): a common term fills the page within a few hundred rows. Only if a
 * range gave fewer than `limit` matches (a rare term, or none at all) are the matches gathered from
 * the GIN index and sorted, a branch that runs only then (a one-time filter). The planner's own
 * choice, from its estimate of the term's frequency, is what this replaces: "blue red" (two common
 * words, no product with both) walked the whole index, two seconds at a million products.
 */
function searchPageQuery(plan: ListPlan, bound: SQL | null, ascending: boolean, limit: number): SQL {
  const dir = sql.raw(ascending ? 'asc' : 'desc');
  const walks = searchWalks(
    plan,
    bound,
    ascending,
    SEARCH_PAGE_WINDOW,
    (walked) =>
      sql`(select p.id, p.sk, ${KEY_TEXT[plan.sort]} as k from ${walked} p where p.hit order by p.sk ${dir}, p.id ${dir} limit ${limit})`,
  );
  const found = sql`(select count(*) from walk) = ${limit * walks.length}`;
  const where = [...filters(plan, plan.statuses), ...(bound ? [bound] : [])];
  // Materialized without an order or a limit: the planner takes the GIN index for the whole match set.
  return sql`with walk as materialized (${sql.join(walks, sql` union all `)}),
    gin as materialized (select p.id, ${KEY[plan.sort]} as sk, ${KEY_TEXT[plan.sort]} as k from products p where ${sql.join(where, sql` and `)})
    select id, sk, k from ((select id, sk, k from walk where ${found}) union all (select id, sk, k from gin where not ${found})) r
    order by sk ${dir}, id ${dir} limit ${limit}`;
}

/** How many products match (without the cursor), stopping one past the cap (null: exact, for the export's progress). */
export function countQuery(plan: ListPlan, cap: number | null = PRODUCT_COUNT_CAP): SQL {
  if (plan.q && cap !== null) return searchCountQuery(plan, cap);
  const limit = cap === null ? sql`` : sql` limit ${cap + 1}`;
  return sql`select count(*)::int as n from (select 1 from products p where ${sql.join(filters(plan, plan.statuses), sql` and `)}${limit}) c`;
}

/**
 * A search's capped count: more than `cap` matches among the walked rows (searchWalks) settle it,
 * the usual case of a common term; otherwise the GIN index counts them (a rare term is few rows
 * there). That count is an init plan only the CASE's else branch asks for.
 */
function searchCountQuery(plan: ListPlan, cap: number): SQL {
  const walks = searchWalks(
    plan,
    null,
    !plan.descending,
    SEARCH_COUNT_WINDOW,
    (walked) => sql`(select 1 from ${walked} w where w.hit limit ${cap + 1})`,
  );
  const all = sql.join(filters(plan, plan.statuses), sql` and `);
  return sql`with gin as materialized (select 1 from products p where ${all})
    select case when (select count(*) from (select 1 from (${sql.join(walks, sql` union all `)}) w limit ${cap + 1}) c) > ${cap}
    then ${cap + 1}::bigint else (select count(*) from (select 1 from gin limit ${cap + 1}) c) end::int as n`;
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface PageRequest {
  after?: string;
  before?: string;
  first: number;
}

export interface Page {
  ids: { id: string; k: string }[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/**
 * One page in display order. Going backward (`before`) reads the index the other way and flips
 * the rows. The flag of the side we did not read (e.g. hasPreviousPage when going forward) is one
 * more single-row probe on the same index.
 */
export async function fetchPage(db: Db, plan: ListPlan, request: PageRequest): Promise<Page> {
  const forwardAscending = !plan.descending;
  const after: Comparison = plan.descending ? '<' : '>';
  const notAfter: Comparison = plan.descending ? '>=' : '<=';
  const beforeOp: Comparison = plan.descending ? '>' : '<';
  const notBefore: Comparison = plan.descending ? '<=' : '>=';
  const probe = async (bound: SQL, ascending: boolean) => rowsOf(await db.execute(pageQuery(plan, bound, ascending, 1))).length > 0;

  // The page and the probe of the other side are independent reads: sent together (on PostgreSQL, two pooled connections).
  if (request.before) {
    const cursor = decodeCursor(plan.sort, request.before);
    const [rows, hasNextPage] = await Promise.all([
      db
        .execute(pageQuery(plan, keyset(plan, cursor, beforeOp), !forwardAscending, request.first + 1))
        .then(rowsOf<{ id: string; k: string }>),
      probe(keyset(plan, cursor, notBefore), forwardAscending),
    ]);
    return { ids: rows.slice(0, request.first).reverse(), hasPreviousPage: rows.length > request.first, hasNextPage };
  }
  const cursor = request.after ? decodeCursor(plan.sort, request.after) : null;
  const [rows, hasPreviousPage] = await Promise.all([
    db
      .execute(pageQuery(plan, cursor ? keyset(plan, cursor, after) : null, forwardAscending, request.first + 1))
      .then(rowsOf<{ id: string; k: string }>),
    cursor ? probe(keyset(plan, cursor, notAfter), !forwardAscending) : false,
  ]);
  return { ids: rows.slice(0, request.first), hasNextPage: rows.length > request.first, hasPreviousPage };
}

/** Every column but the search vector (the database's own, large, never shown): reading it doubled the page's cost. */
const { search: _search, ...PAGE_COLUMNS } = getTableColumns(products);

/** The rows of ids with their vendor's name: built once per database and column set, a named prepared statement (every list call runs one). */
function buildPageRowsQuery<C extends Partial<typeof PAGE_COLUMNS>>(db: Db, columns: C, name: string) {
  return db
    .select({ product: columns, vendor: vendors.name })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare(name);
}
const pageRowsQueries = new WeakMap<Db, Map<string, ReturnType<typeof buildPageRowsQuery>>>();

/** The rows of a page's ids, in the page's order, with their vendor's name, reading `columns` (as statement `name`). */
async function loadRows<P>(
  db: Db,
  ids: string[],
  columns: Partial<typeof PAGE_COLUMNS>,
  name: string,
): Promise<{ product: P; vendor: string }[]> {
  if (ids.length === 0) return [];
  let queries = pageRowsQueries.get(db);
  if (!queries) pageRowsQueries.set(db, (queries = new Map()));
  let query = queries.get(name);
  if (!query) queries.set(name, (query = buildPageRowsQuery(db, columns, name)));
  const rows = (await query.execute({ ids })) as unknown as { product: P & { id: string }; vendor: string }[];
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is { product: P & { id: string }; vendor: string } => Boolean(r));
}

/** A page's products with every shown column (the catalog, the export). */
export const loadPageRows = (db: Db, ids: string[]) => loadRows<PageProduct>(db, ids, PAGE_COLUMNS, 'product_page_rows');
/** A page of the product list: the columns of its rows only. */
const loadListRows = (db: Db, ids: string[]) => loadRows<ListProduct>(db, ids, LIST_COLUMNS, 'product_list_rows');

/** The statuses a list reads: the tab's, and of those only the ones a product waiting for approval can have. */
function statusesOf(query: ParsedProductListQuery): ProductStatus[] {
  const statuses: ProductStatus[] = query.status === 'ALL' ? [...PRODUCT_STATUSES] : [query.status];
  if (query.approval !== 'waiting') return statuses;
  return statuses.filter((s) => (WAITING_STATUSES as readonly string[]).includes(s));
}

/** The plan of a parsed list query within a scope (an admin's `vendor` filter narrows it, by name until resolveVendor). */
export function planOf(auth: Pick<AuthContext, 'storeId' | 'vendorId' | 'isAdmin'>, query: ParsedProductListQuery): ListPlan {
  const scope = scopeOf(auth);
  return {
    scope,
    vendorName: !scope.vendorId && auth.isAdmin && query.vendor ? query.vendor : undefined,
    statuses: statusesOf(query),
    waitingOnly: query.approval === 'waiting' || undefined,
    stock: query.stock,
    q: query.q || undefined,
    sort: query.sort,
    // Shopify's meaning of reverse (true = descending); without it, newest first and titles A to Z.
    descending: query.reverse ?? query.sort !== 'TITLE',
  };
}

/** The plan with its vendor filter turned into the vendor's id (404 for an unknown vendor), for what stores the scope. */
export async function resolveVendor(db: Db, plan: ListPlan): Promise<ListPlan> {
  if (!plan.vendorName) return plan;
  const { id } = await getVendorByName(db, plan.scope.storeId, plan.vendorName);
  return { ...plan, vendorName: undefined, scope: { ...plan.scope, vendorId: id } };
}

/** GET products-v2: a page of the caller's products, the capped count and the page info (the query as the route's schema parsed it). */
export async function listProducts(ctx: AppContext, auth: AuthContext, parsed: ParsedProductListQuery): Promise<ProductListAnswer> {
  const plan = planOf(auth, parsed);
  const cap = plan.q ? SEARCH_COUNT_CAP : PRODUCT_COUNT_CAP;
  const count = () => ctx.db.execute(countQuery(plan, cap)).then((r) => rowsOf<{ n: number }>(r)[0].n);
  // Independent reads go out together; the page's rows wait for the page's ids only.
  const pageRead = fetchPage(ctx.db, plan, parsed);
  // A search's first page that is not full holds every match (a short walk leaves the page to the
  // full-text index, which gives them all), so it is the count: two common words that few or no
  // products have together then cost one full-text intersection, not a second one for the count.
  const firstSearchPage = plan.q && !parsed.after && !parsed.before;
  const [page, n, rows] = await Promise.all([
    pageRead,
    firstSearchPage ? pageRead.then((p) => (p.hasNextPage ? count() : p.ids.length)) : count(),
    pageRead.then((p) =>
      loadListRows(
        ctx.db,
        p.ids.map((r) => r.id),
      ),
    ),
    // An unknown vendor is a 404, not an empty list; checked alongside, the filter itself is in the statements.
    plan.vendorName ? getVendorByName(ctx.db, auth.storeId, plan.vendorName) : null,
  ]);
  const first = page.ids[0];
  const last = page.ids[page.ids.length - 1];
  return {
    products: rows.map((r) => listItemOf(r.product, r.vendor, r.product.currency, currencyDecimals(r.product.currency))),
    count: Math.min(n, cap),
    countCapped: n > cap,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: first ? encodeCursor(plan.sort, first.k, first.id) : null,
      endCursor: last ? encodeCursor(plan.sort, last.k, last.id) : null,
    },
  };
}
