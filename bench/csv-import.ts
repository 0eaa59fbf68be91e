/**
 * The product CSV import at scale, through the real app.
 *
 * Generates a CSV of our own format (`id,sku,vendor,price,...,option3 value`) with N rows (100,000 by
 * default): products of 1 to 4 variants (no option, Size, Size, Size x Color), named for Vendor One
 * and Vendor Two. Builds the whole app on a fresh database (buildApp, the demo marketplace seeded, on the
 * scale plan so that the plan's product limit does not stop a large import),
 * signs in as the demo admin, then goes through the import as the screen does: PUT product-csv/upload,
 * PUT the file (the answer is the validation of every row), POST confirm, and runs the queued jobs
 * until none is left (the import job writes 500 products a transaction and hands over to a fresh
 * job after a minute; product saves queue their storefront sync). Prints rows per second of the validation and of the import, and the
 * peak resident memory of the process (sampled every 20 ms; with PGlite the database runs in this
 * process too, so its memory is included), then the goals as PASS/MISS lines (the exit code does not
 * depend on them): 10,000 rows/s end to end and for the import job alone, 400 MB at the peak.
 *
 * Database: PGlite in memory by default; PostgreSQL when DATABASE_URL is set (a scratch database
 * created next to DATABASE_URL's and dropped at the end), or chosen with --db.
 *
 *   npm run bench:csv-import                       100,000 rows
 *   npm run bench:csv-import -- --rows 5000        a quick run
 *   npm run bench:csv-import -- --db pglite --keep-csv /tmp/products.csv
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { DEMO_ACCOUNTS, DEMO_STORE, seedDemo } from '../src/server/demo/seed-demo.ts';
import { storePlans } from '../src/server/db/schema/index.ts';
import { keepHeapNearLiveSize } from '../src/server/lib/heap.ts';

const USAGE = `npm run bench:csv-import -- [--rows N] [--db pg|pglite] [--keep-csv FILE]
  --rows N         CSV rows to generate and import (default 100000)
  --db             pglite (in memory) or pg (a scratch database next to DATABASE_URL's); default pg when DATABASE_URL is set
  --keep-csv FILE  also write the generated CSV to FILE`;

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string' },
    db: { type: 'string' },
    'keep-csv': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const ROWS = Number(args.rows ?? 100_000);
const DB = args.db ?? (process.env.DATABASE_URL ? 'pg' : 'pglite');
if (!Number.isInteger(ROWS) || ROWS < 1 || !['pg', 'pglite'].includes(DB) || (DB === 'pg' && !process.env.DATABASE_URL)) {
  console.error(USAGE);
  process.exit(1);
}
const PASSWORD = 'bench-password-123';
const HEADER =
  'id,sku,vendor,price,compare price,weight,weight unit,stock,title,images,description,option1 name,option1 value,option2 name,option2 value,option3 name,option3 value';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A small deterministic generator, so two runs import the same file. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The option values of a product of n variants: none, one Size, or Size x Color. */
function variantOptions(n: number): string[][] {
  if (n === 1) return [[]];
  if (n === 4)
    return [
      ['Size', 'S', 'Color', 'Red'],
      ['Size', 'S', 'Color', 'Blue'],
      ['Size', 'M', 'Color', 'Red'],
      ['Size', 'M', 'Color', 'Blue'],
    ];
  return ['S', 'M', 'L'].slice(0, n).map((size) => ['Size', size]);
}

/** Both drivers answer raw queries with `{rows}`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * Exactly `rows` data rows; the last product is cut short to fit. Answers the file's bytes (only
 * them: the text and its lines are garbage by the time the memory is measured) and its product count.
 */
function generateCsv(rows: number): { body: Buffer; products: number } {
  const next = random(42);
  const lines = [HEADER];
  let product = 0;
  while (lines.length - 1 < rows) {
    product++;
    const variants = Math.min(1 + Math.floor(next() * 4), rows - (lines.length - 1));
    const vendor = next() < 0.6 ? 'Vendor One' : 'Vendor Two';
    const title = `Bench product ${product}`;
    const description = `<p>Product ${product} of the import benchmark, with a description of a usual length for a marketplace listing.</p>`;
    const base = 5 + Math.floor(next() * 200);
    variantOptions(variants).forEach((options, i) => {
      const price = `${base + i}.${String(Math.floor(next() * 100)).padStart(2, '0')}`;
      const compare = next() < 0.2 ? `${base + i + 10}.00` : '';
      const tracked = next() < 0.8;
      const stock = tracked ? String(Math.floor(next() * 50)) : 'Untracked';
      const opt = [0, 1, 2].flatMap((k) => [options[k * 2] ?? '', options[k * 2 + 1] ?? '']);
      lines.push(
        [
          '',
          `BENCH-${product}-${i + 1}`,
          vendor,
          price,
          compare,
          (0.1 + next()).toFixed(2),
          'KILOGRAMS',
          stock,
          title,
          '',
          i === 0 ? description : '',
          ...opt,
        ]
          .map(cell)
          .join(','),
      );
    });
  }
  return { body: Buffer.from(`${lines.join('\n')}\n`), products: product };
}

/** Peak RSS over the whole run and over the current phase. */
function memorySampler() {
  let peak = process.memoryUsage().rss;
  let phasePeak = peak;
  const timer = setInterval(() => {
    const rss = process.memoryUsage().rss;
    peak = Math.max(peak, rss);
    phasePeak = Math.max(phasePeak, rss);
  }, 20);
  timer.unref();
  return {
    startPhase() {
      phasePeak = process.memoryUsage().rss;
    },
    phasePeak: () => Math.max(phasePeak, process.memoryUsage().rss),
    peak: () => Math.max(peak, process.memoryUsage().rss),
    stop: () => clearInterval(timer),
  };
}

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void>; label: string }> {
  if (DB === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: async () => {}, label: 'PGlite (in memory, in this process)' };
  }
  const url = new URL(process.env.DATABASE_URL!);
  const name = `mp_bench_csv_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: scratch.toString() });
  const [{ version }] = rowsOf<{ version: string }>(await database.db.execute(sql`select current_setting('server_version') as version`));
  return {
    database,
    label: `PostgreSQL ${version} (scratch database ${name})`,
    async drop() {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function main() {
  // The server process's heap setting (main.ts): the memory measured is the server's.
  keepHeapNearLiveSize();
  const memory = memorySampler();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-bench-csv-'));
  const { database, drop, label } = await openBenchDatabase();
  let closeApp = async () => {};
  try {
    await seedDemo(database.db, PASSWORD);
    // The scale plan, whose products are unlimited: the demo store's plan stops an import at its 2,000 products.
    await database.db
      .insert(storePlans)
      .values({ storeId: DEMO_STORE, plan: 'scale', confirmedAt: new Date() })
      .onConflictDoUpdate({ target: storePlans.storeId, set: { plan: 'scale' } });
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const { app, ctx } = await buildApp({ config, database, logger: false });
    await app.ready();
    closeApp = () => app.close();

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: { 'x-iframe': 'false' },
      payload: { store: DEMO_STORE, email: DEMO_ACCOUNTS.admin, password: PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    const session = (login.cookies as { name: string; value: string }[]).find((c) => c.name === 'mp_session')!.value;
    const headers = { 'x-iframe': 'false', cookie: `mp_session=${session}` };

    const { body, products } = generateCsv(ROWS);
    if (args['keep-csv']) writeFileSync(args['keep-csv'], body);
    console.log(`CSV import benchmark: ${fmt(ROWS)} rows, ${fmt(products)} products, ${mb(body.length)} file, on ${label}`);
    console.log(
      `node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cpus`,
    );

    const start = await app.inject({ method: 'PUT', url: '/api/product-csv/upload?name=bench.csv', headers });
    if (start.statusCode !== 200) throw new Error(`upload start failed: ${start.statusCode} ${start.body}`);
    const { url, importId } = start.json() as { url: string; importId: string };

    const baseline = process.memoryUsage().rss;
    memory.startPhase();
    let t0 = performance.now();
    const validated = await app.inject({
      method: 'PUT',
      url: new URL(url, config.publicUrl).pathname,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: body,
    });
    const validationMs = performance.now() - t0;
    const validationPeak = memory.phasePeak();
    if (validated.statusCode !== 200) throw new Error(`validation failed: ${validated.statusCode} ${validated.body.slice(0, 500)}`);
    const validation = validated.json() as { rowCount: number; productCount: number; errorCount: number };
    if (validation.errorCount > 0)
      throw new Error(`the generated file has ${validation.errorCount} bad rows: ${validated.body.slice(0, 500)}`);

    memory.startPhase();
    t0 = performance.now();
    const confirmed = await app.inject({ method: 'POST', url: `/api/product-csv/imports/${importId}/confirm`, headers });
    if (confirmed.statusCode !== 202) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
    const jobsRun = await ctx.jobs.drain();
    const importMs = performance.now() - t0;
    const importPeak = memory.phasePeak();

    const result = (await app.inject({ method: 'GET', url: `/api/product-csv/imports/${importId}`, headers })).json() as {
      status: string;
      created: number;
      updated: number;
      failed: unknown[];
    };
    const [{ stored, variants }] = rowsOf<{ stored: number; variants: number }>(
      await database.db.execute(
        sql`select (select count(*)::int from products) as stored, (select count(*)::int from product_variants) as variants`,
      ),
    );
    if (result.status !== 'done' || result.created !== products)
      throw new Error(`the import did not finish as expected: ${JSON.stringify(result).slice(0, 500)}`);

    const rate = (n: number, ms: number) => fmt(n / (ms / 1000));
    console.log('');
    console.log(
      `validation  ${(validationMs / 1000).toFixed(2)} s   ${rate(validation.rowCount, validationMs)} rows/s   peak RSS during it ${mb(validationPeak)}`,
    );
    console.log(
      `import      ${(importMs / 1000).toFixed(2)} s   ${rate(validation.rowCount, importMs)} rows/s (${rate(result.created, importMs)} products/s, ${fmt(jobsRun)} jobs)   peak RSS during it ${mb(importPeak)}`,
    );
    console.log(
      `result      ${fmt(result.created)} products created, ${fmt(result.updated)} updated, ${result.failed.length} failed; ${fmt(stored)} products and ${fmt(variants)} variants stored`,
    );
    console.log(
      `peak RSS    ${mb(memory.peak())} over the whole run (sampled every 20 ms); ${mb(baseline)} before the upload (app and database ready)`,
    );
    const endToEnd = (validationMs + importMs) / 1000;
    const goal = (met: boolean) => (met ? 'PASS' : 'MISS');
    console.log(
      `end to end  ${endToEnd.toFixed(2)} s from the upload to the import's end, ${rate(validation.rowCount, validationMs + importMs)} rows/s`,
    );
    console.log(`\ngoals (${os.loadavg()[0].toFixed(1)} load average now):`);
    console.log(`  ${goal(validation.rowCount / endToEnd >= 10_000)} >= 10,000 rows/s end to end (validation and import)`);
    console.log(`  ${goal(validation.rowCount / (importMs / 1000) >= 10_000)} >= 10,000 rows/s for the import job alone (confirm to done)`);
    console.log(`  ${goal(memory.peak() <= 400 * 1024 * 1024)} peak RSS <= 400 MB`);
  } finally {
    memory.stop();
    await closeApp();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
