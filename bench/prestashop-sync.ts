/**
 * The PrestaShop catalog sync at scale, through the real app and the in-process fake webservice.
 *
 * Starts a fake PrestaShop shop of N products (10,000 by default; every fifth has two sizes, each has
 * one or two images and its stock in stock_availables), builds the app on a scratch database with
 * the demo marketplace, signs in as Vendor One, connects the shop (POST integrations/keys, the key
 * checked with the shop), then times POST integrations/prestashop/sync with every queued job run
 * until none is left (the sync writes 100 products a transaction and hands over to a fresh job
 * after a minute). Then counts the writes of a second sync of the unchanged shop: a trigger on every
 * table of the schema counts each row inserted, updated or deleted during it. Goal: the first sync
 * under 10 minutes on PostgreSQL; the re-run writes no product (only the sync's own row and its job).
 *
 *   npm run bench:prestashop-sync                          10,000 products (PostgreSQL with DATABASE_URL, else PGlite)
 *   npm run bench:prestashop-sync -- --products 1000       a quick run
 *   npm run bench:prestashop-sync -- --db pglite
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { DEMO_ACCOUNTS, DEMO_STORE, seedDemo } from '../src/server/demo/seed-demo.ts';
import { makeFakeShop, startFakePrestaShop } from '../test/fakes/fake-prestashop.ts';
import { fmt, onCleanup, openScratch, runBenchmark, type Kind } from './support.ts';

const USAGE = `npm run bench:prestashop-sync -- [--products N] [--db pg|pglite]
  --products N   products in the fake shop (default 10000)
  --db           pg (a scratch database next to DATABASE_URL's) or pglite; default pg when DATABASE_URL is set`;

const { values: args } = parseArgs({
  options: { products: { type: 'string' }, db: { type: 'string' }, help: { type: 'boolean', default: false } },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const PRODUCTS = Number(args.products ?? 10_000);
const DB = args.db ?? (process.env.DATABASE_URL ? 'pg' : 'pglite');
if (!Number.isInteger(PRODUCTS) || PRODUCTS < 1 || !['pg', 'pglite'].includes(DB)) {
  console.error(USAGE);
  process.exit(1);
}
const PASSWORD = 'bench-password-123';
const KEY = 'BENCHKEYBENCHKEYBENCHKEYBENCHKEY';
const GOAL_MS = 10 * 60 * 1000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function bench(kind: Kind) {
  const shop = await startFakePrestaShop({ key: KEY, shop: makeFakeShop(PRODUCTS) });
  onCleanup(() => shop.close());
  const { database, label } = await openScratch(kind, 'mp-bench-presta', false);
  await seedDemo(database.db, PASSWORD);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-bench-presta-'));
  onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
  });
  const { app, ctx } = await buildApp({ config, database, logger: false });
  onCleanup(() => app.close());
  await app.ready();
  console.log(`\n${kind} (${label}), ${fmt(PRODUCTS)} products`);

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/public/login',
    headers: { 'x-iframe': 'false' },
    payload: { store: DEMO_STORE, email: DEMO_ACCOUNTS.vendor1, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  const session = (login.cookies as { name: string; value: string }[]).find((c) => c.name === 'mp_session')!.value;
  const headers = { 'x-iframe': 'false', cookie: `mp_session=${session}` };
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  await call('POST', '/api/integrations/keys', { domain: shop.url, webserviceKey: KEY });

  const sync = async () => {
    const requests = shop.state.requests;
    const t0 = performance.now();
    await call('POST', '/api/integrations/prestashop/sync');
    const jobs = await ctx.jobs.drain();
    const ms = performance.now() - t0;
    const { lastSync } = await call('GET', '/api/integrations/keys');
    return { ms, jobs, requests: shop.state.requests - requests, result: lastSync };
  };

  const first = await sync();
  if (first.result.status !== 'done' || first.result.created !== PRODUCTS)
    throw new Error(`the sync did not finish as expected: ${JSON.stringify(first.result).slice(0, 500)}`);
  const [{ variants }] = rowsOf<{ variants: number }>(
    await database.db.execute(sql`select count(*)::int as variants from product_variants`),
  );
  console.log(
    `first sync   ${(first.ms / 1000).toFixed(1)} s   ${fmt(Math.round(PRODUCTS / (first.ms / 1000)))} products/s   ${fmt(first.result.created)} created (${fmt(variants)} variants), ${first.result.failed.length} failed, ${fmt(first.requests)} webservice calls, ${fmt(first.jobs)} jobs   ${first.ms < GOAL_MS * (PRODUCTS / 10_000) ? 'PASS' : 'MISS'} (goal: 10,000 in 10 min)`,
  );

  // Every row written during the re-run, by table: a counting trigger on each table of the schema.
  await database.db.execute(
    sql.raw(`
    CREATE TABLE bench_writes (table_name text PRIMARY KEY, n int NOT NULL);
    CREATE FUNCTION bench_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO bench_writes VALUES (TG_TABLE_NAME, 1) ON CONFLICT (table_name) DO UPDATE SET n = bench_writes.n + 1;
      RETURN NULL;
    END $$;
    DO $$ DECLARE t text; BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'bench_writes' LOOP
        EXECUTE format('CREATE TRIGGER bench_count AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION bench_count_write()', t);
      END LOOP;
    END $$;`),
  );
  const again = await sync();
  const writes = rowsOf<{ table_name: string; n: number }>(
    await database.db.execute(sql`select table_name, n from bench_writes order by table_name`),
  );
  const productWrites = writes
    .filter((w) => w.table_name.startsWith('product') || w.table_name === 'external_product_links')
    .reduce((sum, w) => sum + w.n, 0);
  console.log(
    `re-run       ${(again.ms / 1000).toFixed(1)} s   ${fmt(again.result.unchanged)} unchanged, ${again.result.created} created, ${again.result.updated} updated, ${fmt(again.requests)} webservice calls`,
  );
  console.log(
    `  rows written: ${writes.map((w) => `${w.table_name} ${fmt(w.n)}`).join(', ') || 'none'}   product rows: ${productWrites} ${productWrites === 0 ? 'PASS' : 'MISS'}`,
  );
}

void runBenchmark('PrestaShop sync', fmt(PRODUCTS), { runs: 0, warmup: 0, db: DB }, bench).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
