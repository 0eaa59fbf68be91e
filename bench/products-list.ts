/**
 * The product list at scale, through HTTP and as plain SQL, on PostgreSQL and on PGlite.
 *
 * For each database: seeds N products (100,000 by default; `--full` or `--rows 1000000` for a
 * million) across 50 vendors (one with 60 %), builds the real app on it (buildApp), listens on
 * 127.0.0.1:0, signs in as an admin and as a vendor with the real login call, then times
 * GET /api/products-v2 with fetch, the session cookie and X-Iframe (first page, a page 50 `after`
 * cursors deep, q searches for a common term, a rare one and two words no product has together, the admin's vendor filter, a vendor's own list), and the same SQL run
 * directly on the database: the statements the list call issued, recorded from the driver during
 * one real call (page, previous-page probe, capped count, page rows, settings, vendor lookup;
 * without the sign-in's user lookup), replayed one after the other. Prints p50/p95 of each, the
 * ratio HTTP p95 / SQL p95, the indexes the statements read (and any sequential scan), and the
 * goal checks (PASS/MISS, never a failing exit).
 *
 * PostgreSQL: a scratch database created next to DATABASE_URL's and dropped at the end. PGlite: a
 * temporary directory, removed at the end.
 *
 *   npm run bench:products-list                          100,000 products, PostgreSQL (if DATABASE_URL) and PGlite
 *   npm run bench:products-list -- --full --db pg        1,000,000 products on PostgreSQL
 *   npm run bench:products-list -- --rows 20000 --runs 30 --warmup 5 --db pglite --shapes --keep
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.ts';
import { stores, users } from '../src/server/db/schema/index.ts';
import { hashPassword } from '../src/server/modules/auth/passwords.ts';
import { rowsOf } from '../src/server/modules/products/list-products.ts';
import { recordStatements } from '../test/support/explain.ts';
import {
  fmt,
  type Kind,
  loadAverage,
  mark,
  openScratch,
  plansOf,
  ratioGoalLine,
  runBenchmark,
  runCleanups,
  startApp,
  timePair,
  type Timing,
} from './support.ts';
import { signIn } from './sign-in.ts';
import { bulkVendorName, listQueryShapes, seedBulkProducts } from '../src/server/modules/products/seed-bulk-products.ts';

const USAGE = `npm run bench:products-list -- [--rows N | --full] [--db pg|pglite|both] [--runs 100] [--warmup 10] [--deep 50] [--shapes] [--keep] [--verbose]
  --rows N     products to seed (default 100000); --full is --rows 1000000 (with --db both, PGlite too: not tried at that size)
  --db         pg (DATABASE_URL's server, a scratch database next to it), pglite (a temp dir), both (default)
  --runs       timed runs per case (default 100), after --warmup untimed ones (default 10)
  --deep       cursor pages to follow before timing the deep page (default 50)
  --shapes     also time every list/search/count query shape as plain SQL (the EXPLAIN test's set)
  --keep       leave the scratch database / directory in place
  --verbose    print the statements recorded for each case`;

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string' },
    full: { type: 'boolean', default: false },
    db: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    deep: { type: 'string', default: '50' },
    shapes: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const ROWS = args.full ? 1_000_000 : Number(args.rows ?? process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const DEEP = Number(args.deep);
if (
  ![ROWS, RUNS, DEEP].every((n) => Number.isInteger(n) && n > 0) ||
  !Number.isInteger(WARMUP) ||
  WARMUP < 0 ||
  !['pg', 'pglite', 'both'].includes(args.db!)
) {
  console.error(USAGE);
  process.exit(1);
}
const PRODUCT_TABLES = ['products', 'product_variants'];
const GOAL_MS = 50;
const GOAL_ROWS = 1_000_000;
const GOAL_RATIO = 2;
const STORE = 'bench';
const PASSWORD = 'bench-password-123';
const ACCOUNTS = { admin: 'admin@bench.test', vendor: 'vendor@bench.test' };
interface CaseResult {
  name: string;
  http: Timing;
  sql: Timing;
  statements: number;
  indexes: string[];
  seqScan: boolean;
  count: string;
}

async function seed(database: Database) {
  const { db } = database;
  const passwordHash = await hashPassword(PASSWORD);
  await db.insert(stores).values({ id: STORE, shopName: 'Bench Marketplace' });
  const started = performance.now();
  const tty = process.stdout.isTTY;
  const seeded = await seedBulkProducts(db, STORE, ROWS, {
    onProgress(done, total, phase) {
      const s = (performance.now() - started) / 1000;
      const line =
        phase === 'products'
          ? `  seeding: ${fmt(done)} / ${fmt(total)} products and variants (${s.toFixed(1)} s, ${fmt(Math.round(done / s))}/s)`
          : `  seeding: vacuum analyze (${s.toFixed(1)} s)`;
      process.stdout.write(tty ? `\r${line.padEnd(90)}` : `${line}\n`);
    },
  });
  if (tty) process.stdout.write('\n');
  console.log(`  seeded ${fmt(ROWS)} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await db.insert(users).values([
    { storeId: STORE, email: ACCOUNTS.admin, name: 'Bench Admin', isAdmin: true, passwordHash },
    { storeId: STORE, email: ACCOUNTS.vendor, name: 'Bench Vendor', vendorId: seeded.bigVendor, passwordHash },
  ]);
  return seeded;
}

async function benchDatabase(kind: Kind): Promise<{ kind: Kind; results: CaseResult[] }> {
  const { database, label } = await openScratch(kind, 'mp-bench-products', args.keep!);
  const client = (database.db as unknown as { $client: { query(text: string, values: unknown[]): Promise<unknown> } }).$client;
  const [{ version }] = rowsOf<{ version: string }>(await database.db.execute(sql`select version()`));
  console.log(`\n=== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${label}\n  ${version}`);
  const seeded = await seed(database);

  const base = await startApp(database);

  const sessions = {
    admin: await signIn(base, STORE, ACCOUNTS.admin, PASSWORD),
    vendor: await signIn(base, STORE, ACCOUNTS.vendor, PASSWORD),
  };

  interface ListAnswer {
    products: unknown[];
    count: number;
    countCapped: boolean;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  }
  // What the list screen sends on its default tab (spec: DRAFT, any stock, updated first).
  const screen = { status: 'DRAFT', stock: 'any', sort: 'UPDATED_AT' };
  async function list(who: keyof typeof sessions, query: Record<string, string>): Promise<ListAnswer> {
    const res = await fetch(`${base}/api/products-v2?${new URLSearchParams({ ...screen, ...query })}`, { headers: sessions[who] });
    const body = (await res.json()) as ListAnswer;
    if (res.status !== 200) throw new Error(`GET products-v2 ${JSON.stringify(query)} as ${who}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  }

  // The deep page: follow the `after` cursors page after page, as someone clicking Next would.
  let after: string | null = null;
  let pages = 0;
  for (; pages < DEEP; pages++) {
    const answer: ListAnswer = await list('admin', after ? { after } : {});
    if (!answer.pageInfo.hasNextPage || !answer.pageInfo.endCursor) break;
    after = answer.pageInfo.endCursor;
  }

  const smallVendorName = bulkVendorName(seeded.vendorIds.indexOf(seeded.smallVendor));
  const cases: { name: string; who: keyof typeof sessions; query: Record<string, string> }[] = [
    { name: 'first page (admin)', who: 'admin', query: {} },
    { name: `deep page ${pages + 1} (admin, after cursor)`, who: 'admin', query: after ? { after } : {} },
    { name: 'search q="blue mug" (admin, 1.6 %)', who: 'admin', query: { q: 'blue mug' } },
    // A rare term (a handful of products) and two common words no product has together: the GIN index's cases.
    { name: 'search q="item 4242" (admin, rare)', who: 'admin', query: { q: 'item 4242' } },
    { name: 'search q="blue red" (admin, none)', who: 'admin', query: { q: 'blue red' } },
    { name: `vendor= filter (admin, ${smallVendorName})`, who: 'admin', query: { vendor: smallVendorName } },
    { name: `as a vendor (${bulkVendorName(0)}, 60 %)`, who: 'vendor', query: {} },
  ];

  const results: CaseResult[] = [];
  for (const c of cases) {
    // One real call with the driver recorded: the list's SQL, exactly as it ran.
    let answer: ListAnswer | undefined;
    const all = await recordStatements(database.db, async () => {
      answer = await list(c.who, c.query);
    });
    // The sign-in check (user lookup) is the session's cost, not the list's.
    const statements = all.filter((s) => !/from "users"/i.test(s.text));
    if (args.verbose) for (const s of statements) console.log(`  [${c.name}] ${s.text} -- ${JSON.stringify(s.values)}`);
    const [http, plain] = await timePair(
      () => list(c.who, c.query),
      async () => {
        for (const s of statements) await client.query(s.text, s.values);
      },
      { runs: RUNS, warmup: WARMUP },
    );
    const { indexes, seqScan } = await plansOf(database, statements, PRODUCT_TABLES);
    results.push({
      name: c.name,
      http,
      sql: plain,
      statements: statements.length,
      indexes,
      seqScan,
      count: `${fmt(answer!.count)}${answer!.countCapped ? '+' : ''}`,
    });
  }

  const ms = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `\n  ${'case'.padEnd(44)} ${'HTTP p50'.padStart(8)} ${'p95'.padStart(7)} ${'SQL p50'.padStart(8)} ${'p95'.padStart(7)}  ratio  stmts  count`,
  );
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(44)} ${ms(r.http.p50)} ${ms(r.http.p95)}  ${ms(r.sql.p50)} ${ms(r.sql.p95)}  ${(r.http.p95 / r.sql.p95).toFixed(2).padStart(5)}  ${String(r.statements).padStart(5)}  ${r.count}`,
    );
  }
  console.log(
    `  (ms; ${RUNS} runs after ${WARMUP} warm-ups, HTTP and SQL in turn; ratio = HTTP p95 / SQL p95; SQL = the call's statements replayed on the driver; ${loadAverage()})`,
  );
  console.log('\n  plans (EXPLAIN of the statements of each case):');
  for (const r of results) console.log(`  ${r.name.padEnd(44)} ${r.seqScan ? 'SEQ SCAN! ' : 'no seq scan; '}${r.indexes.join(', ')}`);

  if (args.shapes) {
    const shapes = await listQueryShapes(database.db, STORE, { bigVendor: seeded.bigVendor, smallVendor: seeded.smallVendor, count: ROWS });
    console.log(`\n  every list/search/count shape as plain SQL (p50/p95 ms of ${RUNS} runs), indexes:`);
    for (const [shape, query] of Object.entries(shapes)) {
      const [t] = await timePair(
        () => database.db.execute(query),
        async () => {},
        { runs: RUNS, warmup: WARMUP },
      );
      const { indexes, seqScan } = await plansOf(
        database,
        await recordStatements(database.db, () => database.db.execute(query)),
        PRODUCT_TABLES,
      );
      const seq = seqScan ? ' SEQ SCAN!' : '';
      console.log(`  ${shape.padEnd(32)} ${ms(t.p50)} ${ms(t.p95)}  ${indexes.join(', ')}${seq}`);
    }
  }

  goalLines(kind, results);
  await runCleanups();
  return { kind, results };
}

function goalLines(kind: Kind, results: CaseResult[]) {
  const worst = results.reduce((a, b) => (b.http.p95 > a.http.p95 ? b : a));
  console.log('\n  goals:');
  const under = worst.http.p95 < GOAL_MS;
  const at = `worst HTTP p95 ${worst.http.p95.toFixed(1)} ms (${worst.name})`;
  if (kind !== 'postgres') console.log(`  n/a  p95 under ${GOAL_MS} ms at ${fmt(GOAL_ROWS)} products on PostgreSQL: this is PGlite; ${at}`);
  else if (ROWS < GOAL_ROWS)
    console.log(
      `  ${mark(under)} p95 under ${GOAL_MS} ms at ${fmt(GOAL_ROWS)} products on PostgreSQL: ${at}, at ${fmt(ROWS)} products only (--full for the goal's size)`,
    );
  else console.log(`  ${mark(under)} p95 under ${GOAL_MS} ms at ${fmt(GOAL_ROWS)} products on PostgreSQL: ${at}`);
  console.log(ratioGoalLine(results, GOAL_RATIO));
}

// ---------------------------------------------------------------------------------------------

await runBenchmark('products-list', `${fmt(ROWS)} products, 50 vendors`, { runs: RUNS, warmup: WARMUP, db: args.db! }, benchDatabase);
