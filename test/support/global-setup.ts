import { mkdirSync, writeFileSync } from 'node:fs';
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

/**
 * Migrates once for the whole run: a PGlite data-directory dump every test file starts from, and,
 * when DATABASE_URL is set, a PostgreSQL template database each test file copies.
 */
export default async function setup(project: TestProject) {
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip' | 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const dumpPath = path.join(dir, `pglite-${process.pid}.tar`);
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', dumpPath);

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
