/**
 * The transaction list (GET transactions) at scale, through HTTP and as plain SQL.
 *
 * For each database: seeds ledger entries (300,000 by default; `--full` for a million) for orders
 * over 24 months across 50 vendors (seedBulkLedger: a sale, its tax and the commission an order),
 * builds the real app on it, signs in as an admin and a vendor with the real login call, then
 * times GET /api/transactions (first page, a deep page, each filter, a vendor's own) with fetch,
 * and the same statements (recorded from the driver) replayed directly. Prints p50/p95, the ratio
 * HTTP p95 / SQL p95 and the indexes read.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:transactions-list -- --db pg
 *   npm run bench:transactions-list -- --full --db pg
 */
import { recordStatements } from '../test/support/explain.ts';
import { ENTRIES_PER_ORDER, openLedgerBench } from './seed-ledger.ts';
import { fmt, type Kind, loadAverage, plansOf, runBenchmark, runCleanups, timePair, listBenchArgs } from './support.ts';

const USAGE = `npm run bench:transactions-list -- [--entries N | --full] [--db pg|pglite|both] [--runs 100] [--warmup 10] [--keep]`;
const { size: ENTRIES, runs: RUNS, warmup: WARMUP, db: DB, keep: KEEP } = listBenchArgs(USAGE, 'entries', 300_000, 'pg');
const STORE = 'bench';

async function benchDatabase(kind: Kind) {
  const { database, client, base, sessions } = await openLedgerBench(
    kind,
    'mp-bench-transactions',
    STORE,
    Math.ceil(ENTRIES / ENTRIES_PER_ORDER),
    KEEP,
    `${fmt(ENTRIES)} ledger entries`,
  );
  async function list(who: keyof typeof sessions, query: Record<string, string>) {
    const res = await fetch(`${base}/api/transactions?${new URLSearchParams(query)}`, { headers: sessions[who] });
    const body = (await res.json()) as { count: number };
    if (res.status !== 200) throw new Error(`GET transactions ${JSON.stringify(query)} as ${who}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  }

  const cases: [string, keyof typeof sessions, Record<string, string>][] = [
    ['first page (week, admin)', 'admin', {}],
    ['all time (admin)', 'admin', { period: 'all' }],
    ['page 400 (all, admin)', 'admin', { period: 'all', page: '400' }],
    ['last year (admin)', 'admin', { period: 'year' }],
    ['a day range (admin)', 'admin', { from: '2026-01-01', to: '2026-01-31' }],
    ['kind commission (admin)', 'admin', { period: 'all', payment: 'commission' }],
    ['payout due (admin)', 'admin', { period: 'all', payout: 'due' }],
    ['payout paid (admin)', 'admin', { period: 'all', payout: 'paid' }],
    ['order number (admin)', 'admin', { period: 'all', q: '#100123' }],
    ['one vendor (admin)', 'admin', { period: 'all', requestedVendor: 'Bulk Seller 07' }],
    ['own list (vendor, 2 %)', 'vendor', { period: 'all' }],
    ['own page 40 (vendor)', 'vendor', { period: 'all', page: '40' }],
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
        count = fmt((await list(who, query)).count);
      })
    ).filter((s) => !/from "users"/i.test(s.text));
    const [http, plain] = await timePair(
      () => list(who, query),
      async () => {
        for (const s of statements) await client.query(s.text, s.values);
      },
      { runs: RUNS, warmup: WARMUP },
    );
    console.log(
      `  ${name.padEnd(28)} ${ms(http.p50)} ${ms(http.p95)}  ${ms(plain.p50)} ${ms(plain.p95)}  ${(http.p95 / plain.p95).toFixed(2).padStart(5)}  ${count}`,
    );
    const { indexes, seqScan } = await plansOf(database, statements, ['ledger_entries', 'ledger_payout_state', 'vendor_orders']);
    plans.push(`  ${name.padEnd(28)} ${seqScan ? 'SEQ SCAN ' : 'no seq scan; '}${indexes.join(', ')}`);
  }
  console.log(`  (ms; ${RUNS} runs after ${WARMUP} warm-ups, HTTP and SQL in turn; ratio = HTTP p95 / SQL p95; ${loadAverage()})`);
  console.log('\n  plans (EXPLAIN of the statements of each case):');
  for (const line of plans) console.log(line);
  await runCleanups();
}

await runBenchmark(
  'transactions-list',
  `${fmt(ENTRIES)} ledger entries, 50 vendors, 24 months`,
  { runs: RUNS, warmup: WARMUP, db: DB },
  benchDatabase,
);
