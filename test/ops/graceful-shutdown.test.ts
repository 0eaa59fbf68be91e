import { afterAll, describe, expect, inject, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { storePlans } from '../../src/server/db/schema/index.ts';
import { createPostgresTestDatabase, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STORE } from '../support/test-app.ts';
import { signIn, startProduct, type ProductProcess } from '../support/product-process.ts';

/** Enough products that the import runs for a while in 100-product transactions (PGlite writes slower). */
const PRODUCTS = process.env.DATABASE_URL ? 3000 : 1000;
const HEAD =
  'id,sku,vendor,price,compare price,weight,weight unit,stock,title,images,description,option1 name,option1 value,option2 name,option2 value,option3 name,option3 value';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The same database for every process: a PostgreSQL test database, or one PGlite data directory (one process at a time). */
async function sharedDatabaseEnv(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-shutdown-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const pgDatabase = await createPostgresTestDatabase();
  if (!pgDatabase) {
    // Start from the run's migrated database, so the first process does not spend its start migrating.
    cpSync(inject('pgliteDataDir'), path.join(dataDir, 'db'), { recursive: true });
    return { DATA_DIR: dataDir };
  }
  cleanups.push(() => pgDatabase.drop());
  return { DATA_DIR: dataDir, DATABASE_URL: pgDatabase.url, SEED_DEMO: 'true' };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The shared database opened from the test while no product process runs (PGlite is one process's). */
async function readDatabase<T>(env: Record<string, string>, read: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'db'), migrate: false });
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

async function importStatus(product: ProductProcess, session: Record<string, string>, importId: string) {
  const res = await fetch(`${product.url}/api/product-csv/imports/${importId}`, { headers: session });
  expect(res.status).toBe(200);
  return (await res.json()) as { status: string; progress: number; created: number; updated: number; failed: unknown[] };
}

describe('graceful shutdown', () => {
  it('SIGTERM during a CSV import exits cleanly; the next process resumes the import and writes every product once', {
    timeout: 480_000,
  }, async () => {
    const env = await sharedDatabaseEnv();
    const first = await startProduct(env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    // PostgreSQL imports more products than the demo's plan allows: the store goes on the unlimited plan.
    if (env.DATABASE_URL) {
      await readDatabase(env, (db) =>
        db
          .insert(storePlans)
          .values({ storeId: DEMO_STORE, plan: 'scale', confirmedAt: new Date() })
          .onConflictDoUpdate({ target: storePlans.storeId, set: { plan: 'scale' } }),
      );
    }
    const vendor = await signIn(first.url, DEMO_STORE, DEMO_ACCOUNTS.vendor1, DEMO_PASSWORD);

    const started = await fetch(`${first.url}/api/product-csv/upload?name=big.csv`, { method: 'PUT', headers: vendor });
    const { url, importId } = (await started.json()) as { url: string; importId: string };
    const rows = Array.from({ length: PRODUCTS }, (_, i) => `,SIGTERM-${i},,5,,,,1,Shutdown item ${i},,,,,,,,`);
    const validated = await fetch(`${first.url}${url}`, {
      method: 'PUT',
      headers: { ...vendor, 'content-type': 'text/csv' },
      body: [HEAD, ...rows].join('\n'),
    });
    expect(await validated.json()).toMatchObject({ status: 'validated', productCount: PRODUCTS, errorCount: 0 });
    expect((await fetch(`${first.url}/api/product-csv/imports/${importId}/confirm`, { method: 'POST', headers: vendor })).status).toBe(202);

    // SIGTERM as soon as the first batches are written. PGlite runs the import and the HTTP calls on one
    // connection, so a status call only gets through once the import is over: there, SIGTERM right away
    // (the job writes at least one batch before it hands over).
    let progress = env.DATABASE_URL ? 0 : 1;
    while (progress === 0) progress = (await importStatus(first, vendor, importId)).progress;
    first.child.kill('SIGTERM');
    const exit = await first.exited;
    expect({ exit, output: first.output() }).toMatchObject({ exit: { code: 0, signal: null } });

    // Between the two processes: the import stopped part-way, and the rest waits as a job no process holds.
    const between = await readDatabase(env, async (db) => {
      const [row] = rowsOf<{ progress: number }>(await db.execute(sql`SELECT progress FROM csv_imports WHERE id = ${importId}`));
      const jobs = rowsOf<{ status: string }>(
        await db.execute(
          sql`SELECT status FROM jobs WHERE type = 'product-csv-import' AND payload->>'importId' = ${importId} AND status <> 'done'`,
        ),
      );
      return { progress: row.progress, waiting: jobs.map((job) => job.status) };
    });
    expect(between.progress).toBeLessThan(PRODUCTS);
    expect(between.waiting).toEqual(['pending']);

    const second = await startProduct(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    const vendorAgain = await signIn(second.url, DEMO_STORE, DEMO_ACCOUNTS.vendor1, DEMO_PASSWORD);
    const interrupted = await importStatus(second, vendorAgain, importId);
    let done = interrupted;
    while (done.status === 'importing') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await importStatus(second, vendorAgain, importId);
    }
    expect(done).toMatchObject({ status: 'done', progress: PRODUCTS, created: PRODUCTS, updated: 0, failed: [] });

    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);

    // Every product exactly once, read from the database once both processes are gone.
    const written = await readDatabase(env, async (db) =>
      rowsOf(
        await db.execute(sql`
          SELECT count(*)::int AS variants, count(DISTINCT v.sku)::int AS skus, count(DISTINCT p.id)::int AS products
          FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.sku LIKE 'SIGTERM-%'`),
      ),
    );
    expect(written).toEqual([{ variants: PRODUCTS, skus: PRODUCTS, products: PRODUCTS }]);
  });
});

/** Starts the product, lets `cut` take its output away, floods the log, then times SIGTERM to exit. */
async function shutdownAfter(cut: (product: ProductProcess) => void) {
  const timeoutMs = 4000;
  const env = { ...(await sharedDatabaseEnv()), LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: String(timeoutMs) };
  const product = await startProduct(env);
  cleanups.push(() => void product.child.kill('SIGKILL'));
  cut(product);
  // Access log lines pile up behind the lost output (well past a pipe's 64 KiB) before the shutdown logs its own.
  for (let i = 0; i < 20; i++)
    await Promise.all(Array.from({ length: 50 }, () => fetch(`${product.url}/api/ready`).then((res) => res.arrayBuffer())));
  const signalled = Date.now();
  product.child.kill('SIGTERM');
  const exit = await Promise.race([
    product.exited,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), timeoutMs + 3000)),
  ]);
  return { exit, took: Date.now() - signalled, timeoutMs };
}

describe('shutdown whatever its log output does', () => {
  it('exits after SIGTERM when the reader of its output is gone (a closed pipe)', { timeout: 240_000 }, async () => {
    const { exit, took, timeoutMs } = await shutdownAfter((product) => {
      product.child.stdout?.destroy();
      product.child.stderr?.destroy();
    });
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(timeoutMs + 3000);
  });

  it('exits within SHUTDOWN_TIMEOUT_MS when the reader of its output stops reading (a full pipe)', { timeout: 240_000 }, async () => {
    const { exit, took, timeoutMs } = await shutdownAfter((product) => {
      product.child.stdout?.pause();
      product.child.stderr?.pause();
    });
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(timeoutMs + 3000);
  });
});
