import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../../src/server/db/client.ts';
import { withDatabase } from './global-setup.ts';

/**
 * A migration's test writes rows as the schema before it had them, then migrates: the journal and
 * files of the migrations before the one whose tag ends with `tag`, in a folder of their own (remove it after).
 */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mp-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tag));
  if (at <= 0) throw new Error(`No migration before ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** An empty, unmigrated database of the run's kind (PostgreSQL when DATABASE_URL is set), dropped on close. */
export async function emptyDatabase(): Promise<Database & { migrate(folder: string): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `mp_mig_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), migrate: false });
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    return {
      ...database,
      migrate: (folder) => migrate(database.db as never, { migrationsFolder: folder }),
      async close() {
        await database.close();
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  }
  const database = await openDatabase({ migrate: false });
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  return { ...database, migrate: (folder) => migrate(database.db as never, { migrationsFolder: folder }) };
}
