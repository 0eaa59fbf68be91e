/**
 * The dashboard (GET dashboard) at scale, through HTTP and as plain SQL.
 *
 * For each database: seeds orders (100,000 by default; `--full` for a million) over 24 months
 * across 50 vendors with their ledger (seedBulkLedger: a sale, its tax and the commission an
 * order), builds the real app on it, signs in as an admin and a vendor with the real login call,
 * then times GET /api/dashboard for a 12-month range (the marketplace, one vendor) and 30 days with
 * fetch, and the same aggregate statements (recorded from the driver) replayed directly. Prints
 * p50/p95, the ratio HTTP p95 / SQL p95 and the indexes read.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:dashboard -- --db pg
 *   npm run bench:dashboard -- --full --db pg
 */
import { recordStatements } from '../test/support/explain.ts';
import { dayIn, addDays } from '../src/shared/days.ts';
import { openLedgerBench } from './seed-ledger.ts';
import { fmt, type Kind, loadAverage, plansOf, runBenchmark, runCleanups, timePair, listBenchArgs } from './support.ts';

const USAGE = `npm run bench:dashboard -- [--orders N | --full] [--db pg|pglite|both] [--runs 100] [--warmup 10] [--keep]`;
const { size: ORDERS, runs: RUNS, warmup: WARMUP, db: DB, keep: KEEP } = listBenchArgs(USAGE, 'orders', 100_000, 'pg');
const STORE = 'bench';

async function benchDatabase(kind: Kind) {
  const { database, client, base, sessions } = await openLedgerBench(
    kind,
    'mp-bench-dashboard',
    STORE,
    ORDERS,
    KEEP,
    `${fmt(ORDERS)} orders and their ledger`,
  );
  async function dashboard(who: keyof typeof sessions, query: Record<string, string>) {
    const res = await fetch(`${base}/api/dashboard?${new URLSearchParams(query)}`, { headers: sessions[who] });
    const body = (await res.json()) as { orders: { count: number } };
    if (res.status !== 200) throw new Error(`GET dashboard ${JSON.stringify(query)} as ${who}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  }

  const today = dayIn('UTC', new Date());
  const year = { from: addDays(today, -364), to: today };
  const cases: [string, keyof typeof sessions, Record<string, string>][] = [
    ['12 months (marketplace)', 'admin', year],
    ['12 months (vendor, 2 %)', 'vendor', year],
    ['30 days (marketplace)', 'admin', {}],
    ['30 days (vendor)', 'vendor', {}],
  ];
  console.log(
    `\n  ${'case'.padEnd(28)} ${'HTTP p50'.padStart(8)} ${'p95'.padStart(7)} ${'SQL p50'.padStart(8)} ${'p95'.padStart(7)}  ratio  count`,
  );
  const ms = (n: number) => n.toFixed(1).padStart(7);
  const plans: string[] = [];
  for (const [name, who, query] of cases) {
    let count = '';
    const statements = (
      await recordStatements(database.db, async () => {
        count = fmt((await dashboard(who, query)).orders.count);
      })
    ).filter((s) => !/from "users"/i.test(s.text));
    const [http, plain] = await timePair(
      () => dashboard(who, query),
      async () => {
        for (const s of statements) await client.query(s.text, s.values);
      },
      { runs: RUNS, warmup: WARMUP },
    );
    console.log(
      `  ${name.padEnd(28)} ${ms(http.p50)} ${ms(http.p95)}  ${ms(plain.p50)} ${ms(plain.p95)}  ${(http.p95 / plain.p95).toFixed(2).padStart(5)}  ${count}`,
    );
    const { indexes, seqScan } = await plansOf(database, statements, ['ledger_entries', 'vendor_orders', 'orders', 'order_lines']);
    plans.push(`  ${name.padEnd(28)} ${seqScan ? 'SEQ SCAN ' : 'no seq scan; '}${indexes.join(', ')}`);
  }
  console.log(`  (ms; ${RUNS} runs after ${WARMUP} warm-ups, HTTP and SQL in turn; ratio = HTTP p95 / SQL p95; ${loadAverage()})`);
  console.log('\n  plans (EXPLAIN of the statements of each case):');
  for (const line of plans) console.log(line);
  await runCleanups();
}

await runBenchmark('dashboard', `${fmt(ORDERS)} orders over 24 months, 50 vendors`, { runs: RUNS, warmup: WARMUP, db: DB }, benchDatabase);
