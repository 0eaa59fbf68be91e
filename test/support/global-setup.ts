import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

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
 * Prepares the databases of the database tests: the PGlite dump, and, when DATABASE_URL is set, a
 * PostgreSQL template database each test file copies.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteDump', await pgliteDump());

  const url = process.env.DATABASE_URL;
  let template = '';
  if (url) {
    template = `mp_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const migrated = await openDatabase({ databaseUrl: withDatabase(url, template) });
    await migrated.close();
  }
  project.provide('pgTemplate', template);
  return async () => {
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
