/**
 * The order list at scale, through HTTP and as plain SQL, on PostgreSQL and on PGlite.
 *
 * For each database: seeds N orders (100,000 by default; `--full` for a million) with one vendor
 * order and one line each across 50 vendors (seedBulkOrders: 3 % waiting for a shipment, 0.1 %
 * cancelled, 10 % of payouts due), builds the real app on it, listens on 127.0.0.1:0, signs in as an
 * admin and as a vendor with the real login call, then times GET /api/orders (first page, page 400,
 * the fulfilment tabs, a payout filter, a period, a search by order number and by buyer e-mail, a
 * vendor's own list) with fetch, and the same SQL (the statements that call sent, recorded from the
 * driver) replayed directly. Prints p50/p95, the ratio HTTP p95 / SQL p95, the indexes read and the
 * goal check "under 2× the plain SQL query" in every case (PASS/MISS, never a failing exit).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:orders-list
 *   npm run bench:orders-list -- --full --db pg
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { stores, users } from '../src/server/db/schema/index.ts';
import { hashPassword } from '../src/server/modules/auth/passwords.ts';
import { seedBulkOrders } from '../src/server/modules/orders/seed-bulk-orders.ts';
import { rowsOf } from '../src/server/modules/products/list-products.ts';
import { recordStatements } from '../test/support/explain.ts';
import {
  fmt,
  type Kind,
  loadAverage,
  openScratch,
  plansOf,
  ratioGoalLine,
  runBenchmark,
  runCleanups,
  startApp,
  timePair,
  type Timing,
  listBenchArgs,
} from './support.ts';
import { signIn } from './sign-in.ts';

const USAGE = `npm run bench:orders-list -- [--rows N | --full] [--db pg|pglite|both] [--runs 100] [--warmup 10] [--keep]`;
const { size: ROWS, runs: RUNS, warmup: WARMUP, db: DB, keep: KEEP } = listBenchArgs(USAGE, 'rows', 100_000, 'both');
const STORE = 'bench';
const PASSWORD = 'bench-password-123';
const ORDER_TABLES = ['orders', 'vendor_orders', 'order_lines'];

async function benchDatabase(kind: Kind) {
  const { database, label } = await openScratch(kind, 'mp-bench-orders', KEEP);
  const client = (database.db as unknown as { $client: { query(text: string, values: unknown[]): Promise<unknown> } }).$client;
  const [{ version }] = rowsOf<{ version: string }>(await database.db.execute(sql`select version()`));
  console.log(`\n=== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${label}\n  ${version}`);

  const started = performance.now();
  await database.db.insert(stores).values({ id: STORE, shopName: 'Bench Marketplace' });
  const { vendorIds } = await seedBulkOrders(database.db, STORE, ROWS);
  const passwordHash = await hashPassword(PASSWORD);
  await database.db.insert(users).values([
    { storeId: STORE, email: 'admin@bench.test', name: 'Bench Admin', isAdmin: true, passwordHash },
    { storeId: STORE, email: 'vendor@bench.test', name: 'Bench Vendor', vendorId: vendorIds[0], passwordHash },
  ]);
  console.log(`  seeded ${fmt(ROWS)} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const base = await startApp(database);
  const sessions = {
    admin: await signIn(base, STORE, 'admin@bench.test', PASSWORD),
    vendor: await signIn(base, STORE, 'vendor@bench.test', PASSWORD),
  };

  async function list(who: keyof typeof sessions, query: Record<string, string>) {
    const res = await fetch(`${base}/api/orders?${new URLSearchParams(query)}`, { headers: sessions[who] });
    const body = (await res.json()) as { counts: { count: number; capped: boolean } };
    if (res.status !== 200) throw new Error(`GET orders ${JSON.stringify(query)} as ${who}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  }

  const cases: [string, keyof typeof sessions, Record<string, string>][] = [
    ['first page (admin)', 'admin', {}],
    ['page 400 (admin)', 'admin', { page: '400' }],
    ['unfulfilled tab (admin)', 'admin', { fulfillment: 'unfulfilled' }],
    ['cancelled tab (admin)', 'admin', { fulfillment: 'cancelled' }],
    ['payout due (admin)', 'admin', { payout: 'due' }],
    ['last month (admin)', 'admin', { period: 'month' }],
    ['order number (admin)', 'admin', { q: '#10123' }],
    ['buyer e-mail (admin)', 'admin', { q: 'buyer77@bulk.test' }],
    ['own list (vendor, 2 %)', 'vendor', {}],
    ['own cancelled (vendor)', 'vendor', { fulfillment: 'cancelled' }],
  ];
  console.log(
    `\n  ${'case'.padEnd(28)} ${'HTTP p50'.padStart(8)} ${'p95'.padStart(7)} ${'SQL p50'.padStart(8)} ${'p95'.padStart(7)}  ratio  count`,
  );
  const ms = (n: number) => n.toFixed(1).padStart(7);
  const plans: string[] = [];
  const results: { name: string; http: Timing; sql: Timing }[] = [];
  for (const [name, who, query] of cases) {
    let count = '';
    const statements = (
      await recordStatements(database.db, async () => {
        const answer = await list(who, query);
        count = `${fmt(answer.counts.count)}${answer.counts.capped ? '+' : ''}`;
      })
    ).filter((s) => !/from "users"/i.test(s.text)); // the session's user lookup is not the list's
    const [http, plain] = await timePair(
      () => list(who, query),
      async () => {
        for (const s of statements) await client.query(s.text, s.values);
      },
      { runs: RUNS, warmup: WARMUP },
    );
    results.push({ name, http, sql: plain });
    console.log(
      `  ${name.padEnd(28)} ${ms(http.p50)} ${ms(http.p95)}  ${ms(plain.p50)} ${ms(plain.p95)}  ${(http.p95 / plain.p95).toFixed(2).padStart(5)}  ${count}`,
    );
    const { indexes, seqScan } = await plansOf(database, statements, ORDER_TABLES);
    plans.push(`  ${name.padEnd(28)} ${seqScan ? 'SEQ SCAN (a capped count may stop early) ' : 'no seq scan; '}${indexes.join(', ')}`);
  }
  console.log(`  (ms; ${RUNS} runs after ${WARMUP} warm-ups, HTTP and SQL in turn; ratio = HTTP p95 / SQL p95; ${loadAverage()})`);
  console.log('\n  plans (EXPLAIN of the statements of each case):');
  for (const line of plans) console.log(line);
  console.log(`\n  goals:\n${ratioGoalLine(results)} (the exit code does not depend on it)`);
  await runCleanups();
}

await runBenchmark('orders-list', `${fmt(ROWS)} orders, 50 vendors`, { runs: RUNS, warmup: WARMUP, db: DB }, benchDatabase);
