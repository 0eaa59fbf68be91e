import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/demo/seed-demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, which a test copies and never opens itself. */
    pgliteDataDir: string;
    /** The same database with the demo marketplace, seeded once for this run. */
    pgliteSeededDataDir: string;
    pgTemplate: string;
    pgSeededTemplate: string;
  }
}

export const DEMO_PASSWORD = 'demo-password-123';

/** What the migrated database depends on: the migrations and the PGlite version. */
function migrationsHash() {
  const hash = createHash('sha256');
  const migrations = path.resolve('src/server/db/migrations');
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrations, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  hash.update(JSON.parse(readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A PGlite data-directory dump every test file starts from, migrated once per set of migrations:
 * kept in .tmp under the migrations' hash and written again only when they change (older dumps go).
 */
async function pgliteDump() {
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const name = `pglite-${migrationsHash()}.tar`;
  const dumpPath = path.join(dir, name);
  for (const file of readdirSync(dir)) if (/^pglite-.*\.tar$/.test(file) && file !== name) rmSync(path.join(dir, file), { force: true });
  if (existsSync(dumpPath)) return dumpPath;
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip' | 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  // Written aside and renamed, so a run started meanwhile never reads half a dump.
  const partial = `${dumpPath}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, dumpPath);
  return dumpPath;
}

/**
 * The demo marketplace seeded once for the whole run, which every test file and browser test starts
 * from: seeding it per file (a password hash on a low-priority thread, then the inserts) cost each
 * of them seconds on a busy machine. Seeded again for each run, never kept: the demo's rows are
 * dated from the run's clock (the shifted-clock pass runs 400 days ahead).
 */
async function seeded(database: Database) {
  await seedDemo(database.db, DEMO_PASSWORD);
  return database;
}

/**
 * Where the run's PGlite data directories go: a memory-backed folder when the machine has one, as
 * every test file copies a whole data directory there.
 */
function scratchRoot() {
  return existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
}

/**
 * Opening a copied data directory costs a test file a directory copy and PostgreSQL's start; loading
 * the dump (an untar into PGlite's memory file system) cost each file twice that. The test databases
 * hold a few hundred rows, so 8 MB of shared buffers instead of 128 MB is plenty, and each start no
 * longer clears 120 MB of memory it never uses.
 */
async function pgliteDataDirs(dump: string) {
  const root = mkdtempSync(path.join(scratchRoot(), 'mp-pglite-'));
  const migrated = path.join(root, 'migrated');
  await (await openDatabase({ dataDir: migrated, loadDataDir: new Blob([readFileSync(dump)]), migrate: false })).close();
  appendFileSync(path.join(migrated, 'postgresql.conf'), '\nshared_buffers = 8MB\n');
  const seededDir = path.join(root, 'seeded');
  cpSync(migrated, seededDir, { recursive: true });
  await (await seeded(await openDatabase({ dataDir: seededDir, migrate: false }))).close();
  return { root, migrated, seeded: seededDir };
}

/**
 * Prepares the databases of the database and browser tests: PGlite data directories (migrated, and
 * with the demo marketplace) and, when DATABASE_URL is set, a PostgreSQL template database and a
 * seeded one each test file copies.
 */
export default async function setup(project: TestProject) {
  const dirs = await pgliteDataDirs(await pgliteDump());
  project.provide('pgliteDataDir', dirs.migrated);
  project.provide('pgliteSeededDataDir', dirs.seeded);

  const url = process.env.DATABASE_URL;
  let template = '';
  let seededTemplate = '';
  if (url) {
    template = `mp_template_${process.pid}`;
    seededTemplate = `mp_seeded_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${seededTemplate}`);
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const migrated = await openDatabase({ databaseUrl: withDatabase(url, template) });
    await migrated.close();
    await admin.query(`CREATE DATABASE ${seededTemplate} TEMPLATE ${template}`);
    await (await seeded(await openDatabase({ databaseUrl: withDatabase(url, seededTemplate), migrate: false }))).close();
    await admin.end();
  }
  project.provide('pgTemplate', template);
  project.provide('pgSeededTemplate', seededTemplate);
  return async () => {
    rmSync(dirs.root, { recursive: true, force: true });
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${seededTemplate} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
