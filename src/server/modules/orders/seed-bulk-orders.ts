import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { vendors } from '#server/db/schema/index';
import { withoutAuditTrail } from '#server/db/audit-triggers';

const BULK_VENDORS = 50;

/**
 * Many orders in one store, for the EXPLAIN checks: one vendor order each across 50 new vendors, one
 * line each, an order every 30 seconds back from now; 3 % waiting for a shipment, 0.1 % cancelled,
 * the rest fulfilled; 10 % of payouts due; 50,000 distinct buyer e-mails. Written with
 * generate_series, a batch a statement, then analysed.
 */
async function insertBulkOrders(db: Db, storeId: string, count: number, batch = 50_000) {
  const created = await db
    .insert(vendors)
    .values(Array.from({ length: BULK_VENDORS }, (_, i) => ({ storeId, name: `Bulk Seller ${String(i).padStart(2, '0')}` })))
    .returning({ id: vendors.id });
  const vendorArray = sql.raw(`array[${created.map((v) => `'${v.id}'::uuid`).join(',')}]`);
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      with o as (
        insert into orders (store_id, source, platform_order_id, name, currency, customer, subtotal, total, placed_at)
        select ${storeId}, 'local', 'bulk-' || g, '#' || (100000 + g), 'USD',
          jsonb_build_object('name', 'Buyer ' || g, 'email', 'buyer' || (g % 50000) || '@bulk.test', 'phone', ''),
          1000, 1000, now() - make_interval(secs => g * 30)
        from generate_series(${from}::int, ${to}::int) g
        returning id, name, placed_at, substr(platform_order_id, 6)::int as g
      ), vo as (
        insert into vendor_orders (store_id, order_id, vendor_id, order_name, fulfillment, payout, subtotal, commission, vendor_share, placed_at)
        select ${storeId}, o.id, (${vendorArray})[1 + o.g % ${BULK_VENDORS}], o.name,
          case when o.g % 100 < 3 then 'unfulfilled' when o.g % 1000 = 7 then 'cancelled' else 'fulfilled' end,
          case when o.g % 10 = 0 then 'due' else 'paid' end, 1000, 100, 900, o.placed_at
        from o
        returning id, order_id, vendor_id, store_id
      )
      insert into order_lines (store_id, order_id, vendor_order_id, vendor_id, platform_line_id, title, quantity, price, commission, commission_line)
      select store_id, order_id, id, vendor_id, id::text, 'Bulk item', 1, 1000, 100, '{"min":0,"max":null,"flat":0,"percentage":10,"source":"default"}'::jsonb from vo`);
  }
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze vendor_orders`);
  await db.execute(sql`vacuum analyze order_lines`);
  return { vendorIds: created.map((v) => v.id) };
}

/** insertBulkOrders, with no audit record per seeded row (see withoutAuditTrail). */
export const seedBulkOrders = (...args: Parameters<typeof insertBulkOrders>) => withoutAuditTrail(args[0], () => insertBulkOrders(...args));
