import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { AUDITED_TABLES_QUERY, recordActorsOnPglite, recordActorsOnPool } from './audit-actor.ts';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath (PGlite embedded or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  /** A PGlite dump (from dumpDataDir) to start from, used by tests to skip migrations. */
  loadDataDir?: Blob;
  migrate?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped test database) must not
    // crash the process: the pool replaces it on the next query.
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01') console.error('PostgreSQL connection error:', error.message);
    });
    // Before any query, so every connection the pool opens sets the actor on BEGIN.
    const audited = new Set<string>();
    recordActorsOnPool(pool, audited);
    const db = drizzle(pool, { schema }) as unknown as Db;
    if (options.migrate !== false) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(drizzle(pool), { migrationsFolder });
    }
    const loadAudited = () => loadAuditedTables(audited, (text) => pool.query<{ name: string }>(text));
    // A process may start before its database is reachable (health answers, ready says why): the
    // list is read on the first connection that succeeds instead.
    await loadAudited().catch(() => pool.once('connect', () => void loadAudited().catch(() => undefined)));
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // pg_trgm: the change history's words search (its index is made by the migrations).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  const db = drizzle(client, { schema }) as unknown as Db;
  if (options.migrate !== false) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(drizzle(client), { migrationsFolder });
  }
  const audited = new Set<string>();
  await loadAuditedTables(audited, (text) => client.query<{ name: string }>(text));
  recordActorsOnPglite(client, audited);
  return { db, kind: 'pglite', close: () => client.close() };
}

/** The tables with an audit trigger, read once the migrations have run. */
async function loadAuditedTables(into: Set<string>, query: (text: string) => Promise<{ rows: { name: string }[] }>) {
  for (const row of (await query(AUDITED_TABLES_QUERY)).rows) into.add(row.name);
}
