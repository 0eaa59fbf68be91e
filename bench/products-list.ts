/**
 * The product list at scale, through HTTP and as plain SQL, on PostgreSQL and on PGlite.
 *
 * For each database: seeds N products (100,000 by default; `--full` or `--rows 1000000` for a
 * million) across 50 vendors (one with 60 %), builds the real app on it (buildApp), listens on
 * 127.0.0.1:0, signs in as an admin and as a vendor with the real login call, then times
 * GET /api/products-v2 with fetch, the session cookie and X-Iframe (first page, a page 50 `after`
 * cursors deep, a q search, the admin's vendor filter, a vendor's own list), and the same SQL run
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
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { stores, users } from '../src/server/db/schema/index.ts';
import { hashPassword } from '../src/server/modules/auth/passwords.ts';
import { rowsOf } from '../src/server/modules/products/list-products.ts';
import { bulkVendorName, listQueryShapes, seedBulkProducts } from '../src/server/modules/products/seed-bulk-products.ts';

const USAGE = `npm run bench:products-list -- [--rows N | --full] [--db pg|pglite|both] [--runs 30] [--warmup 5] [--deep 50] [--shapes] [--keep] [--verbose]
  --rows N     products to seed (default 100000); --full is --rows 1000000 (with --db both, PGlite too: not tried at that size)
  --db         pg (DATABASE_URL's server, a scratch database next to it), pglite (a temp dir), both (default)
  --runs       timed runs per case (default 30), after --warmup untimed ones (default 5)
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
if (![ROWS, RUNS, DEEP].every((n) => Number.isInteger(n) && n > 0) || !Number.isInteger(WARMUP) || WARMUP < 0 || !['pg', 'pglite', 'both'].includes(args.db!)) {
  console.error(USAGE);
  process.exit(1);
}
const GOAL_MS = 50;
const GOAL_ROWS = 1_000_000;
const GOAL_RATIO = 2;
const STORE = 'bench';
const PASSWORD = 'bench-password-123';
const ACCOUNTS = { admin: 'admin@bench.test', vendor: 'vendor@bench.test' };
const fmt = (n: number) => n.toLocaleString('en-US');
/** Other work on the machine skews every figure: printed with them. */
const loadAverage = () => `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cpus`;

// ---------------------------------------------------------------------------------------------
// Timing

/** Nearest-rank percentile of sorted times. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];

interface Timing {
  p50: number;
  p95: number;
}

/**
 * Times two ways of doing the same work, run after run in turn (a, b, a, b...), so a machine
 * that gets busier or quieter during the run weighs on both alike.
 */
async function timePair(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[Timing, Timing]> {
  for (let i = 0; i < WARMUP; i++) {
    await a();
    await b();
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < RUNS; i++) {
    for (const [k, work] of [a, b].entries()) {
      const t0 = performance.now();
      await work();
      times[k].push(performance.now() - t0);
    }
  }
  return times.map((t) => {
    t.sort((x, y) => x - y);
    return { p50: percentile(t, 0.5), p95: percentile(t, 0.95) };
  }) as [Timing, Timing];
}

async function timeIt(work: () => Promise<unknown>): Promise<Timing> {
  return (await timePair(work, async () => {}))[0];
}

// ---------------------------------------------------------------------------------------------
// The driver under drizzle (pg.Pool or PGlite): both answer query(text, values).

interface Statement {
  text: string;
  values: unknown[];
}
interface RawClient {
  query(text: unknown, values?: unknown[], ...rest: unknown[]): Promise<{ rows: unknown[] }>;
}
const rawClientOf = (database: Database) => (database.db as unknown as { $client: RawClient }).$client;

/** The statements `work` sends through the driver (what drizzle really runs, with its parameters). */
async function recordStatements<T>(client: RawClient, work: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  const original = client.query;
  const statements: Statement[] = [];
  client.query = function (this: RawClient, config: unknown, values?: unknown[], ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    statements.push({ text, values: values ?? (config as { values?: unknown[] }).values ?? [] });
    return original.call(this, config, values, ...rest);
  };
  try {
    return { result: await work(), statements };
  } finally {
    client.query = original;
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
const readsProducts = (n: PlanNode) => ['products', 'product_variants'].includes(n['Relation Name'] ?? '');

/** The indexes a set of statements reads, and whether any scans products or variants sequentially. */
async function plansOf(client: RawClient, statements: Statement[]) {
  const indexes = new Set<string>();
  let seqScan = false;
  for (const s of statements) {
    const { rows } = await client.query(`explain (format json) ${s.text}`, s.values);
    const [row] = rows as { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
    const doc = typeof row['QUERY PLAN'] === 'string' ? (JSON.parse(row['QUERY PLAN']) as [{ Plan: PlanNode }]) : row['QUERY PLAN'];
    for (const n of nodesOf(doc[0].Plan)) {
      if (n['Index Name']) indexes.add(n['Index Name']);
      if (n['Node Type'] === 'Seq Scan' && readsProducts(n)) seqScan = true;
    }
  }
  return { indexes: [...indexes], seqScan };
}

// ---------------------------------------------------------------------------------------------
// Cleanup, also on Ctrl-C: the scratch database and directories must not outlive the run.

const cleanups: (() => Promise<void>)[] = [];
async function runCleanups() {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error('cleanup:', (error as Error).message);
    }
  }
}
process.once('SIGINT', () => {
  console.error('\ninterrupted: cleaning up');
  void runCleanups().then(() => process.exit(130));
});

// ---------------------------------------------------------------------------------------------

type Kind = 'postgres' | 'pglite';

interface CaseResult {
  name: string;
  http: Timing;
  sql: Timing;
  statements: number;
  indexes: string[];
  seqScan: boolean;
  count: string;
}

async function openScratch(kind: Kind): Promise<{ database: Database; label: string }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mp-bench-pglite-'));
    if (!args.keep) cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const database = await openDatabase({ dataDir: dir });
    cleanups.push(() => database.close());
    return { database, label: dir };
  }
  const url = process.env.DATABASE_URL!;
  const name = `mp_bench_products_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    if (args.keep) return;
    const drop = new pg.Client({ connectionString: url });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  cleanups.push(() => database.close());
  return { database, label: `${target.host}/${name}` };
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
  const { database, label } = await openScratch(kind);
  const client = rawClientOf(database);
  const [{ version }] = rowsOf<{ version: string }>(await database.db.execute(sql`select version()`));
  console.log(`\n=== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${label}\n  ${version}`);
  const seeded = await seed(database);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-bench-app-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:3000', WEB_DIST: path.join(dataDir, 'no-web') });
  const { app } = await buildApp({ config, database, logger: false });
  cleanups.push(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;

  async function login(email: string) {
    const res = await fetch(`${base}/api/auth/public/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-iframe': 'false' },
      body: JSON.stringify({ store: STORE, email, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    const session = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('mp_session='));
    if (!session) throw new Error(`login ${email}: no mp_session cookie`);
    return { cookie: session, 'x-iframe': 'false' };
  }
  const sessions = { admin: await login(ACCOUNTS.admin), vendor: await login(ACCOUNTS.vendor) };

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
    { name: 'search q="blue mug" (admin)', who: 'admin', query: { q: 'blue mug' } },
    { name: `vendor= filter (admin, ${smallVendorName})`, who: 'admin', query: { vendor: smallVendorName } },
    { name: `as a vendor (${bulkVendorName(0)}, 60 %)`, who: 'vendor', query: {} },
  ];

  const results: CaseResult[] = [];
  for (const c of cases) {
    // One real call with the driver recorded: the list's SQL, exactly as it ran.
    const { result: answer, statements: all } = await recordStatements(client, () => list(c.who, c.query));
    // The sign-in check (user lookup) is the session's cost, not the list's.
    const statements = all.filter((s) => !/from "users"/i.test(s.text));
    if (args.verbose) for (const s of statements) console.log(`  [${c.name}] ${s.text} -- ${JSON.stringify(s.values)}`);
    const [http, plain] = await timePair(
      () => list(c.who, c.query),
      async () => {
        for (const s of statements) await client.query(s.text, s.values);
      },
    );
    const { indexes, seqScan } = await plansOf(client, statements);
    results.push({
      name: c.name,
      http,
      sql: plain,
      statements: statements.length,
      indexes,
      seqScan,
      count: `${fmt(answer.count)}${answer.countCapped ? '+' : ''}`,
    });
  }

  const ms = (n: number) => n.toFixed(1).padStart(7);
  console.log(`\n  ${'case'.padEnd(44)} ${'HTTP p50'.padStart(8)} ${'p95'.padStart(7)} ${'SQL p50'.padStart(8)} ${'p95'.padStart(7)}  ratio  stmts  count`);
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(44)} ${ms(r.http.p50)} ${ms(r.http.p95)}  ${ms(r.sql.p50)} ${ms(r.sql.p95)}  ${(r.http.p95 / r.sql.p95).toFixed(2).padStart(5)}  ${String(r.statements).padStart(5)}  ${r.count}`,
    );
  }
  console.log(`  (ms; ${RUNS} runs after ${WARMUP} warm-ups, HTTP and SQL in turn; ratio = HTTP p95 / SQL p95; SQL = the call's statements replayed on the driver; ${loadAverage()})`);
  console.log('\n  plans (EXPLAIN of the statements of each case):');
  for (const r of results) console.log(`  ${r.name.padEnd(44)} ${r.seqScan ? 'SEQ SCAN! ' : 'no seq scan; '}${r.indexes.join(', ')}`);

  if (args.shapes) {
    const shapes = await listQueryShapes(database.db, STORE, { bigVendor: seeded.bigVendor, smallVendor: seeded.smallVendor, count: ROWS });
    console.log(`\n  every list/search/count shape as plain SQL (p50/p95 ms of ${RUNS} runs), indexes:`);
    for (const [shape, query] of Object.entries(shapes)) {
      const t = await timeIt(() => database.db.execute(query));
      const [explained] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(await database.db.execute(sql`explain (format json) ${query}`));
      const nodes = nodesOf(explained['QUERY PLAN'][0].Plan);
      const indexes = [...new Set(nodes.map((n) => n['Index Name']).filter(Boolean))];
      const seq = nodes.some((n) => n['Node Type'] === 'Seq Scan' && readsProducts(n)) ? ' SEQ SCAN!' : '';
      console.log(`  ${shape.padEnd(32)} ${ms(t.p50)} ${ms(t.p95)}  ${indexes.join(', ')}${seq}`);
    }
  }

  goalLines(kind, results);
  await runCleanups();
  return { kind, results };
}

function goalLines(kind: Kind, results: CaseResult[]) {
  const worst = results.reduce((a, b) => (b.http.p95 > a.http.p95 ? b : a));
  const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.log('\n  goals:');
  const under = worst.http.p95 < GOAL_MS;
  const at = `worst HTTP p95 ${worst.http.p95.toFixed(1)} ms (${worst.name})`;
  if (kind !== 'postgres') console.log(`  n/a  p95 under ${GOAL_MS} ms at ${fmt(GOAL_ROWS)} products on PostgreSQL: this is PGlite; ${at}`);
  else if (ROWS < GOAL_ROWS) console.log(`  ${mark(under)} p95 under ${GOAL_MS} ms at ${fmt(GOAL_ROWS)} products on PostgreSQL: ${at}, at ${fmt(ROWS)} products only (--full for the goal's size)`);
  else console.log(`  ${mark(under)} p95 under ${GOAL_MS} ms at ${fmt(GOAL_ROWS)} products on PostgreSQL: ${at}`);
  const over = results.filter((r) => r.http.p95 / r.sql.p95 >= GOAL_RATIO);
  const worstRatio = results.reduce((a, b) => (b.http.p95 / b.sql.p95 > a.http.p95 / a.sql.p95 ? b : a));
  console.log(
    `  ${mark(over.length === 0)} under ${GOAL_RATIO}× the plain SQL query: worst ${(worstRatio.http.p95 / worstRatio.sql.p95).toFixed(2)}× (${worstRatio.name})${
      over.length ? `; ${over.length} of ${results.length} cases at ${GOAL_RATIO}× or more` : ''
    }`,
  );
}

// ---------------------------------------------------------------------------------------------

const kinds: Kind[] = [];
if (args.db !== 'pglite') {
  if (process.env.DATABASE_URL?.startsWith('postgres')) kinds.push('postgres');
  else if (args.db === 'pg') {
    console.error('--db pg needs DATABASE_URL set to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
    process.exit(1);
  } else console.log('PostgreSQL SKIPPED: DATABASE_URL is not set to a postgres:// URL (PGlite only).');
}
if (args.db !== 'pg') kinds.push('pglite');

const cpus = os.cpus();
console.log(`products-list benchmark, ${new Date().toISOString()}`);
console.log(`machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.arch()}, node ${process.version}`);
console.log(`${loadAverage()}\nN = ${fmt(ROWS)} products, 50 vendors; ${RUNS} runs after ${WARMUP} warm-ups; databases: ${kinds.join(', ')}`);
try {
  for (const kind of kinds) await benchDatabase(kind);
} finally {
  await runCleanups();
}
