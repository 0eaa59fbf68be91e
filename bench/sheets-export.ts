/**
 * The Google Sheets export at scale: seeds N orders (100,000 by default; one vendor order and one
 * line each across 50 vendors, seedBulkOrders) in a store with integrations on, builds the real app
 * with its service account pointed at the in-process Google fake (test/fakes/fake-google-sheets.ts:
 * JWT checked, write quota per minute answering 429), saves the admin's sheet and triggers the run
 * through the API, then runs the job queue until the run is over. Prints the time, the write
 * requests, the 429s met, the largest request, the rows in the sheet against the rows expected
 * (failed writes = missing rows; the goal is zero), and the process's peak memory.
 *
 *   npm run bench:sheets-export                       # 100,000 orders, PGlite, Google's 60 writes a minute
 *   npm run bench:sheets-export -- --quota 10         # a tight quota: the run must back off on 429s
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:sheets-export -- --db pg
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { isNotNull } from 'drizzle-orm';
import { jobs as jobsTable, stores, users } from '../src/server/db/schema/index.ts';
import { hashPassword } from '../src/server/modules/auth/passwords.ts';
import { seedBulkOrders } from '../src/server/modules/orders/seed-bulk-orders.ts';
import { startFakeGoogleSheets } from '../test/fakes/fake-google-sheets.ts';
import { fmt, onCleanup, openScratch, runBenchmark, type Kind } from './support.ts';

const USAGE = 'npm run bench:sheets-export -- [--orders 100000] [--db pg|pglite] [--quota 60] [--pace 50] [--keep]';
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'pglite' },
    quota: { type: 'string', default: '60' },
    pace: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const [ORDERS, QUOTA, PACE] = [values.orders, values.quota, values.pace].map(Number);
if (values.help || ![ORDERS, QUOTA, PACE].every((n) => Number.isInteger(n) && n > 0) || !['pg', 'pglite'].includes(values.db)) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}
const STORE = 'bench';
const PASSWORD = 'bench-password-123';

async function bench(kind: Kind) {
  const { database, label } = await openScratch(kind, 'mp-bench-sheets', values.keep);
  console.log(`\n=== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${label}`);
  const google = await startFakeGoogleSheets({ writesPerWindow: QUOTA, windowMs: 60_000 });
  onCleanup(() => google.close());

  let started = performance.now();
  await database.db
    .insert(stores)
    .values({ id: STORE, shopName: 'Bench Marketplace', settings: { features: { integrations: { enabled: true } } } });
  await seedBulkOrders(database.db, STORE, ORDERS);
  await database.db
    .insert(users)
    .values({ storeId: STORE, email: 'admin@bench.test', isAdmin: true, passwordHash: await hashPassword(PASSWORD) });
  console.log(`  seeded ${fmt(ORDERS)} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-bench-sheets-app-'));
  onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...google.env({ GOOGLE_SHEETS_WRITES_PER_MINUTE: String(PACE) }),
  });
  const { app, ctx } = await buildApp({ config, database, logger: false });
  onCleanup(() => app.close());
  await app.ready();

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/public/login',
    headers: { 'x-iframe': 'false' },
    payload: { store: STORE, email: 'admin@bench.test', password: PASSWORD },
  });
  const session = (login.cookies as { name: string; value: string }[]).find((c) => c.name === 'mp_session');
  if (login.statusCode !== 200 || !session) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const headers = { 'x-iframe': 'false', cookie: `mp_session=${session.value}` };
  const sheet = google.createSpreadsheet();
  const saved = await app.inject({ method: 'PUT', url: '/api/integrations/sheets', headers, payload: { url: sheet.url } });
  if (saved.statusCode !== 200) throw new Error(`PUT integrations/sheets: ${saved.statusCode} ${saved.body}`);
  // The owner proves the sheet is theirs, as the settings screen asks.
  google.setCell(sheet.id, 'verify', 0, 0, (saved.json() as { verificationToken: string }).verificationToken);

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  started = performance.now();
  const trigger = await app.inject({ method: 'POST', url: '/api/integrations/sheets/trigger', headers });
  if (trigger.statusCode !== 200) throw new Error(`POST trigger: ${trigger.statusCode} ${trigger.body}`);
  const jobs = await ctx.jobs.drain();
  const errors = await database.db
    .select({ status: jobsTable.status, attempts: jobsTable.attempts, lastError: jobsTable.lastError })
    .from(jobsTable)
    .where(isNotNull(jobsTable.lastError));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  const { run } = (await app.inject({ method: 'GET', url: '/api/integrations/sheets', headers })).json() as {
    run: { status: string; rows: number; error: string | null };
  };
  const inSheet = (google.rows(sheet.id, 'Orders')?.length ?? 1) - 1;
  const missing = ORDERS - inSheet;
  console.log(`  quota ${QUOTA} writes/min at Google, paced at ${PACE} writes/min here`);
  console.log(`  run: ${run.status}${run.error ? ` (${run.error})` : ''} in ${seconds.toFixed(1)} s over ${jobs} job runs`);
  console.log(
    `  write requests ${google.stats.writes}, 429s met ${google.stats.throttled}, largest request ${(google.stats.largestBody / 1e6).toFixed(2)} MB, tokens ${google.stats.tokens}`,
  );
  console.log(
    `  order rows in the sheet ${fmt(inSheet)} of ${fmt(ORDERS)}: failed writes ${fmt(missing)} ${missing === 0 && run.status === 'done' ? 'PASS' : 'MISS'}`,
  );
  for (const e of errors) console.log(`  job ${e.status} after ${e.attempts} attempts: ${e.lastError}`);
  console.log(`  peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
}

await runBenchmark('Google Sheets export', `${fmt(ORDERS)} orders`, { runs: 0, warmup: 0, db: values.db }, bench);
