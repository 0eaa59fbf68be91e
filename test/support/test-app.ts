import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { buildApp, type BuildAppOptions } from '../../src/server/app.ts';
import { DEMO_STORE } from '../../src/server/demo/seed-demo.ts';
import { outboxEmails } from '../../src/server/db/schema/index.ts';
import { DEMO_PASSWORD, withDatabase } from './global-setup.ts';

export { DEMO_PASSWORD };
export { DEMO_ACCOUNTS, DEMO_STORE } from '../../src/server/demo/seed-demo.ts';

export interface TestDatabaseOptions {
  /** Start with the demo marketplace (seeded once per run by the global setup). */
  seeded?: boolean;
}

/**
 * A fresh, migrated PostgreSQL database copied from the run's template, for tests that hand a URL to
 * a child process; null on a PGlite run (no DATABASE_URL).
 */
export async function createPostgresTestDatabase({
  seeded = false,
}: TestDatabaseOptions = {}): Promise<{ url: string; drop(): Promise<void> } | null> {
  const template = inject(seeded ? 'pgSeededTemplate' : 'pgTemplate');
  const url = process.env.DATABASE_URL;
  if (!url || !template) return null;
  const name = `mp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    async drop() {
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** A fresh, migrated database for one test file: a PGlite copy, or a PostgreSQL database from the template. */
export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const scratch = await createPostgresTestDatabase(options);
  if (scratch) {
    const database = await openDatabase({ databaseUrl: scratch.url, migrate: false });
    return {
      ...database,
      async close() {
        await database.close();
        await scratch.drop();
      },
    };
  }
  const dataDir = copyPgliteDataDir(options);
  const database = await openDatabase({ dataDir, migrate: false });
  return {
    ...database,
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A copy of the run's migrated (or seeded) PGlite data directory beside it, for one test; the caller removes it. */
function copyPgliteDataDir({ seeded = false }: TestDatabaseOptions = {}): string {
  const source = inject(seeded ? 'pgliteSeededDataDir' : 'pgliteDataDir');
  const copy = mkdtempSync(`${source}-copy-`);
  cpSync(source, copy, { recursive: true });
  return copy;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  seed?: boolean;
  now?: () => Date;
  platformDeps?: BuildAppOptions['platformDeps'];
  /** Where the log goes (with env LOG_LEVEL); none by default. */
  logStream?: { write(line: string): void };
}

/** The whole app on a fresh database with the demo marketplace, for API tests through app.inject. */
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-test-'));
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Tests never reach the real payment providers: a closed local port refuses at once.
    STRIPE_API_URL: 'http://127.0.0.1:9',
    PAYPAL_API_URL: 'http://127.0.0.1:9',
    // Documents print with the Chromium the browser tests use.
    CHROMIUM_PATH: process.env.CHROMIUM_PATH,
    ...options.env,
  });
  const database = await openTestDatabase({ seeded: options.seed !== false });
  const built = await buildApp({
    config,
    database,
    now: options.now,
    logger: options.logStream ?? false,
    platformDeps: options.platformDeps,
  });
  await built.app.ready();
  const { app, ctx } = built;

  return {
    ...built,
    config,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    /** Signs in and returns headers for signed-in calls (cookie + X-Iframe). */
    async login(email: string, password = DEMO_PASSWORD, store = DEMO_STORE) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/public/login',
        headers: { 'x-iframe': 'false' },
        payload: { store, email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
      const cookies = Object.fromEntries((res.cookies as ResponseCookie[]).map((c) => [c.name, c.value]));
      return {
        token: res.json().token as string,
        cookies,
        headers: { 'x-iframe': 'false', cookie: `mp_session=${cookies.mp_session}` },
        refreshCookie: `mp_refresh=${cookies.mp_refresh}`,
      };
    },
    /**
     * Runs queued jobs (mails) and returns the mails sent to an address, newest first, as delivered
     * (codes and links included; the outbox API shows them masked).
     */
    async mailsTo(address: string) {
      await ctx.jobs.drain();
      const rows = await ctx.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.toAddress, address))
        .orderBy(desc(outboxEmails.createdAt));
      return rows.map((row) => ({ ...row, html: row.deliveredHtml ?? row.html, text: row.deliveredText ?? row.text }));
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export interface ResponseCookie {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
}

/** A cookie the response set, by name. */
export function cookieNamed(res: { cookies: unknown }, name: string): ResponseCookie | undefined {
  return (res.cookies as ResponseCookie[]).find((c) => c.name === name);
}
