import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { stores, users, vendors } from '../src/server/db/schema/index.ts';
import { hashPassword } from '../src/server/modules/auth/passwords.ts';
import { rowsOf } from '../src/server/modules/products/list-products.ts';
import { type Kind, openScratch, startApp } from './support.ts';
import { signIn } from './sign-in.ts';
import { withoutAuditTrail } from '../src/server/db/audit-triggers.ts';

const VENDORS = 50;
/** Every 20th order waits for its payment: it is in the order lists, and has no ledger entries yet. */
const UNPAID_EVERY = 20;
/** Entries each order writes: its sale, tax and commission. */
export const ENTRIES_PER_ORDER = 3;

/**
 * Orders with their ledger, for the finance benchmarks: `count` orders spread evenly over the last
 * `days` days across 50 vendors, one line each (20 products), and per order a sale (+10.00), its
 * tax (+2.10) and the commission (−1.00), written with generate_series a batch a statement; 10 %
 * of the vendor orders still due, and 5 % of the orders not paid yet, so without entries (the
 * triggers keep the daily rollups as the rows go in). Then analysed.
 */
async function insertBulkLedger(db: Db, storeId: string, count: number, days: number, batch = 50_000) {
  const created = await db
    .insert(vendors)
    .values(Array.from({ length: VENDORS }, (_, i) => ({ storeId, name: `Bulk Seller ${String(i).padStart(2, '0')}` })))
    .returning({ id: vendors.id });
  const vendorArray = sql.raw(`array[${created.map((v) => `'${v.id}'::uuid`).join(',')}]`);
  const spacing = (days * 86_400) / count;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      with o as (
        insert into orders (store_id, source, platform_order_id, name, currency, customer, subtotal, total, placed_at, payment_status, paid_at)
        select ${storeId}, 'local', 'bulk-' || g, '#' || (100000 + g), 'USD', jsonb_build_object('name', 'Buyer ' || g, 'email', 'buyer' || (g % 50000) || '@bulk.test', 'phone', ''),
          1000, 1210, now() - make_interval(secs => g * ${spacing}::float8),
          case when g % ${UNPAID_EVERY} = 0 then 'pending' else 'paid' end,
          case when g % ${UNPAID_EVERY} = 0 then null else now() - make_interval(secs => g * ${spacing}::float8) end
        from generate_series(${from}::int, ${to}::int) g
        returning id, name, placed_at, substr(platform_order_id, 6)::int as g
      ), vo as (
        insert into vendor_orders (store_id, order_id, vendor_id, order_name, fulfillment, payout, subtotal, tax, commission, vendor_share, placed_at)
        select ${storeId}, o.id, (${vendorArray})[1 + o.g % ${VENDORS}], o.name, 'fulfilled', case when o.g % 10 = 0 then 'due' else 'paid' end, 1000, 210, 100, 900, o.placed_at
        from o
        returning id, order_id, vendor_id, store_id, order_name, placed_at
      ), ol as (
        insert into order_lines (store_id, order_id, vendor_order_id, vendor_id, platform_line_id, title, quantity, price, tax, commission, commission_line)
        select store_id, order_id, id, vendor_id, id::text, 'Bulk item ' || (abs(hashtext(id::text)) % 20), 1, 1000, 210, 100, '{"min":0,"max":null,"flat":0,"percentage":10,"source":"default"}'::jsonb from vo
        returning id, vendor_order_id
      )
      insert into ledger_entries (store_id, vendor_id, currency, amount_minor, kind, in_payout, in_sales, order_id, vendor_order_id, order_line_id, order_name, occurred_at)
      select vo.store_id, vo.vendor_id, 'USD', k.amount, k.kind, k.in_payout, k.in_sales, vo.order_id, vo.id, ol.id, vo.order_name, vo.placed_at
      from vo join ol on ol.vendor_order_id = vo.id join o on o.id = vo.order_id and o.g % ${UNPAID_EVERY} <> 0
      cross join (values (1000, 'sale', true, true), (210, 'tax', false, true), (-100, 'commission', true, false)) as k(amount, kind, in_payout, in_sales)`);
  }
  const tables = [
    'orders',
    'vendor_orders',
    'order_lines',
    'ledger_entries',
    'ledger_payout_state',
    'ledger_daily',
    'ledger_kind_daily',
    'vendor_ledger_kind_daily',
    'product_daily',
    'vendor_product_daily',
    'order_daily',
    'vendor_order_daily',
  ];
  for (const table of tables) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return { vendorIds: created.map((v) => v.id) };
}

const PASSWORD = 'bench-password-123';

/**
 * What both finance benchmarks start from: a scratch database of `kind` with the bench store and
 * `orders` orders over two years with their ledger, an admin and a vendor (the first seller), the
 * real app on it, and both signed in with the real login call.
 */
export async function openLedgerBench(kind: Kind, scratchName: string, storeId: string, orders: number, keep: boolean, seeded: string) {
  const { database, label } = await openScratch(kind, scratchName, keep);
  const client = (database.db as unknown as { $client: { query(text: string, values: unknown[]): Promise<unknown> } }).$client;
  const [{ version }] = rowsOf<{ version: string }>(await database.db.execute(sql`select version()`));
  console.log(`\n=== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${label}\n  ${version}`);

  const started = performance.now();
  await database.db.insert(stores).values({ id: storeId, shopName: 'Bench Marketplace' });
  const { vendorIds } = await seedBulkLedger(database.db, storeId, orders, 730);
  const passwordHash = await hashPassword(PASSWORD);
  await database.db.insert(users).values([
    { storeId, email: 'admin@bench.test', name: 'Bench Admin', isAdmin: true, passwordHash },
    { storeId, email: 'vendor@bench.test', name: 'Bench Vendor', vendorId: vendorIds[0], passwordHash },
  ]);
  console.log(`  seeded ${seeded} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const base = await startApp(database);
  const sessions = {
    admin: await signIn(base, storeId, 'admin@bench.test', PASSWORD),
    vendor: await signIn(base, storeId, 'vendor@bench.test', PASSWORD),
  };
  return { database, client, base, sessions };
}

/** insertBulkLedger, with no audit record per seeded row (see withoutAuditTrail). */
export const seedBulkLedger = (...args: Parameters<typeof insertBulkLedger>) => withoutAuditTrail(args[0], () => insertBulkLedger(...args));
