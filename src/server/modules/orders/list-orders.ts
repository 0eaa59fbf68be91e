import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_COUNT_CAP,
  ORDERS_PER_PAGE,
  OrderListQuerySchema,
  type OrderListAnswer,
  type OrderListItem,
  type OrderListQuery,
  type PaymentStatus,
} from '#shared/schemas/orders';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { orders, vendorOrders, vendors } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { getVendorByName } from '../vendors/index.ts';
import { dateRange } from '#server/lib/date-range';
import { OPEN_ORDER, orderScope, type VendorOrderRow } from './order-scope.ts';
import { expectedPayoutAt, lastShippedAt } from '../finance/index.ts';
import { readStoreSettings } from '../settings/index.ts';

/** A search matching more orders than this is not finding one: the rest are left out. */
export const ORDER_SEARCH_LIMIT = 1000;

/** A vendor order as the lists show it: money as text in the order's currency. */
export function listItemOf(
  row: VendorOrderRow,
  extra: {
    currency: string;
    paymentStatus: PaymentStatus;
    customerName: string;
    vendor: string;
    itemCount: number;
    shippedAt: Date | null;
    holdingDays: number;
  },
): OrderListItem {
  const decimals = currencyDecimals(extra.currency);
  const money = (minor: number) => formatMinorUnits(minor, decimals);
  return {
    id: row.id,
    orderId: row.orderId,
    name: row.orderName,
    vendor: extra.vendor,
    customerName: extra.customerName,
    placedAt: row.placedAt.toISOString(),
    fulfillment: row.fulfillment,
    payout: row.payout,
    paymentStatus: extra.paymentStatus,
    // Paid by the buyer and shipped, not yet paid out: the day its hold ends.
    expectedPayoutAt:
      row.payout === 'due' && row.fulfillment === 'fulfilled' && extra.paymentStatus === 'paid' && extra.shippedAt
        ? expectedPayoutAt(new Date(extra.shippedAt), extra.holdingDays).toISOString()
        : null,
    currency: extra.currency,
    itemCount: extra.itemCount,
    subtotal: money(row.subtotal),
    discount: money(row.discount),
    tax: money(row.tax),
    shipping: money(row.shipping),
    commission: money(row.commission),
    vendorShare: money(row.vendorShare),
  };
}

/**
 * Vendor orders with what their list rows show, newest first. The page's ids are picked first from
 * vendor_orders alone (its indexes), and only those rows are joined: a deep page skips index
 * entries, not joined rows.
 */
export async function loadListItems(
  db: Db,
  where: SQL,
  page: { limit: number; offset: number },
  holdingDays: number,
): Promise<OrderListItem[]> {
  const newestFirst = [desc(vendorOrders.placedAt), desc(vendorOrders.id)];
  const pageIds = db
    .select({ id: vendorOrders.id })
    .from(vendorOrders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  const rows = await db
    .select({
      vendorOrder: vendorOrders,
      currency: orders.currency,
      paymentStatus: orders.paymentStatus,
      shippedAt: lastShippedAt,
      customerName: sql<string>`coalesce(${orders.customer}->>'name', '')`,
      vendor: vendors.name,
      itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.vendor_order_id = ${vendorOrders.id})`,
    })
    .from(vendorOrders)
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .innerJoin(vendors, eq(vendors.id, vendorOrders.vendorId))
    .where(inArray(vendorOrders.id, pageIds))
    .orderBy(...newestFirst);
  return rows.map((r) => listItemOf(r.vendorOrder, { ...r, holdingDays }));
}

export type ParsedOrderListQuery = ReturnType<typeof OrderListQuerySchema.parse>;

/** The vendor an admin's `vendor` filter names (404 if none), else the caller's own scope. */
export async function orderListVendor(
  db: Db,
  auth: Pick<AuthContext, 'storeId' | 'vendorId' | 'isAdmin'>,
  query: ParsedOrderListQuery,
): Promise<string | null> {
  if (!auth.vendorId && auth.isAdmin && query.vendor) return (await getVendorByName(db, auth.storeId, query.vendor)).id;
  return auth.vendorId;
}

/** The list's filters as one condition, within the scope (store, and vendor when set): the list and its export share it. */
export function orderListWhere(scope: { storeId: string; vendorId: string | null }, query: ParsedOrderListQuery, now: Date): SQL {
  const conditions: (SQL | undefined)[] = [orderScope(scope)];
  if (query.fulfillment === 'unfulfilled') conditions.push(OPEN_ORDER);
  else if (query.fulfillment !== 'any') conditions.push(eq(vendorOrders.fulfillment, query.fulfillment));
  if (query.payout !== 'all') conditions.push(eq(vendorOrders.payout, query.payout));
  const { from, to } = dateRange(query, now);
  if (from) conditions.push(gte(vendorOrders.placedAt, from));
  if (to) conditions.push(lt(vendorOrders.placedAt, to));
  if (query.q) {
    const q = query.q.toLowerCase();
    const name = q.startsWith('#') ? q : `#${q}`;
    // An order number (or its start) or a buyer's exact e-mail, each found on its own index; the
    // matches come as an array of ids (an init plan), so the page sorts a few rows, never walks them all.
    const own = (alias: string) => (scope.vendorId ? sql` and ${sql.raw(alias)}.vendor_id = ${scope.vendorId}::uuid` : sql``);
    conditions.push(
      sql`${vendorOrders.id} = any(array(
        select m.id from (
          select v1.id from vendor_orders v1 where v1.store_id = ${scope.storeId} and lower(v1.order_name) like ${`${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}${own('v1')}
          union all
          select v2.id from vendor_orders v2 join orders o2 on o2.id = v2.order_id where o2.store_id = ${scope.storeId} and lower(o2.customer->>'email') = ${q}${own('v2')}
        ) m limit ${ORDER_SEARCH_LIMIT}))`,
    );
  }
  return and(...conditions)!;
}

/**
 * GET orders: a page of the caller's vendor orders (newest first) with the filters of the screen,
 * the counts by payout state and the page count. Pages are offsets of the (store, vendor?,
 * placed_at) index, bounded at ORDER_PAGE_CAP pages; counts stop at ORDER_COUNT_CAP.
 */
export async function listOrders(ctx: AppContext, auth: AuthContext, input: OrderListQuery): Promise<OrderListAnswer> {
  const query = parseOrThrow(OrderListQuerySchema, input);
  const where = orderListWhere({ storeId: auth.storeId, vendorId: await orderListVendor(ctx.db, auth, query) }, query, ctx.now());

  const [items, [counts]] = await Promise.all([
    loadListItems(
      ctx.db,
      where,
      { limit: ORDERS_PER_PAGE, offset: (query.page - 1) * ORDERS_PER_PAGE },
      (await readStoreSettings(ctx.db, auth.storeId)).payments.holdingDays,
    ),
    ctx.db
      .select({
        count: sql<number>`count(*)::int`,
        payoutDue: sql<number>`(count(*) filter (where c.payout = 'due'))::int`,
        payoutPaid: sql<number>`(count(*) filter (where c.payout = 'paid'))::int`,
      })
      .from(
        ctx.db
          .select({ payout: vendorOrders.payout })
          .from(vendorOrders)
          .where(where)
          .limit(ORDER_COUNT_CAP + 1)
          .as('c'),
      ),
  ]);
  const count = Math.min(counts.count, ORDER_COUNT_CAP);
  return {
    orders: items,
    counts: { count, payoutDue: counts.payoutDue, payoutPaid: counts.payoutPaid, capped: counts.count > ORDER_COUNT_CAP },
    pageCount: Math.max(1, Math.ceil(count / ORDERS_PER_PAGE)),
  };
}
