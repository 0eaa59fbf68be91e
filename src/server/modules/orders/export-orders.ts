import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { OrderListQuerySchema, type OrderListQuery } from '#shared/schemas/orders';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import { orderLines, orders, vendorOrders, vendors } from '#server/db/schema/index';
import { badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { type ExportRow, type ExportSource, startExport } from '../exports/index.ts';
import { orderListVendor, orderListWhere } from './list-orders.ts';

/** One row per order line, with its vendor order's fields on every row (what a bookkeeper sorts and sums). */
export const ORDER_EXPORT_COLUMNS = [
  'Order',
  'Placed At',
  'Vendor',
  'Buyer',
  'Fulfilment',
  'Payout',
  'Currency',
  'Subtotal',
  'Discount',
  'Tax',
  'Shipping',
  'Commission',
  'Vendor Share',
  'SKU',
  'Item',
  'Variant',
  'Quantity',
  'Fulfilled',
  'Price',
  'Line Commission',
] as const;

/** POST orders/export: the whole filtered list (not the screen's page), in the caller's scope. */
export async function startOrderExport(ctx: AppContext, auth: AuthContext, input: OrderListQuery) {
  const query = parseOrThrow(OrderListQuerySchema, input);
  const { page: _page, vendor: _vendor, ...filters } = query;
  return startExport(ctx, auth, 'orders', { vendorId: await orderListVendor(ctx.db, auth, query), query: filters });
}

/** The export's filters as the list applies them; a period counts back from when the export was asked for. */
const whereOf = (row: ExportRow) =>
  orderListWhere({ storeId: row.storeId, vendorId: row.vendorId }, OrderListQuerySchema.parse(row.query), row.createdAt);

/** Cursor: the last vendor order's placed_at (ISO, milliseconds as stored from JS dates) and id. */
function decodeCursor(cursor: string) {
  const [at, id] = cursor.split('|');
  if (!at || !id || Number.isNaN(Date.parse(at))) throw badRequest('Invalid cursor');
  return { at: new Date(at), id };
}

export const ORDER_EXPORT: ExportSource = {
  kind: 'orders',
  columns: ORDER_EXPORT_COLUMNS,
  screenPath: '/app/orders',
  async count(ctx, row) {
    const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(vendorOrders).where(whereOf(row));
    return n;
  },
  async page(ctx, row, cursor, size) {
    const after = cursor ? decodeCursor(cursor) : null;
    const where = and(
      whereOf(row),
      after ? sql`(${vendorOrders.placedAt}, ${vendorOrders.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
    );
    const parts = await ctx.db
      .select({
        vendorOrder: vendorOrders,
        currency: orders.currency,
        buyer: sql<string>`coalesce(${orders.customer}->>'name', '')`,
        vendor: vendors.name,
      })
      .from(vendorOrders)
      .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
      .innerJoin(vendors, eq(vendors.id, vendorOrders.vendorId))
      .where(where)
      .orderBy(desc(vendorOrders.placedAt), desc(vendorOrders.id))
      .limit(size + 1);
    const page = parts.slice(0, size);
    if (page.length === 0) return { rows: [], items: 0, cursor: null };
    const lines = await ctx.db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.vendorOrderId,
          page.map((p) => p.vendorOrder.id),
        ),
      )
      .orderBy(asc(orderLines.vendorOrderId), asc(orderLines.position));
    const rows = page.flatMap(({ vendorOrder: vo, currency, buyer, vendor }) => {
      const money = (minor: number) => formatMinorUnits(minor, currencyDecimals(currency));
      const head = [vo.orderName, vo.placedAt.toISOString(), vendor, buyer, vo.fulfillment, vo.payout, currency];
      const totals = [vo.subtotal, vo.discount, vo.tax, vo.shipping, vo.commission, vo.vendorShare].map(money);
      return lines
        .filter((l) => l.vendorOrderId === vo.id)
        .map((l) => [
          ...head,
          ...totals,
          l.sku,
          l.title,
          l.variantTitle,
          String(l.quantity),
          String(l.fulfilledQuantity),
          money(l.price),
          money(l.commission),
        ]);
    });
    const last = page[page.length - 1].vendorOrder;
    return { rows, items: page.length, cursor: parts.length > size ? `${last.placedAt.toISOString()}|${last.id}` : null };
  },
};
