import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { migrationsFolder } from '#server/db/client';

export type Check = 'ok' | string;

export interface Readiness {
  ready: boolean;
  checks: { database: Check; migrations: Check; jobs: Check };
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this build ships, from drizzle's journal (read once: it does not change while running). */
const journal: JournalEntry[] = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')).entries;

/**
 * Whether this process should get traffic: the database answers, every migration this build ships is
 * applied there (drizzle records each applied one by its journal time; a migration newer than the
 * last applied one is pending), and the job runner is running (false while shutting down).
 */
export async function checkReadiness(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<Readiness> {
  const checks: Readiness['checks'] = { database: 'ok', migrations: 'ok', jobs: 'ok' };
  try {
    const result = await ctx.db.execute(sql`SELECT coalesce(max(created_at), 0)::text AS last FROM drizzle.__drizzle_migrations`);
    const last = Number((result as unknown as { rows: { last: string }[] }).rows[0]?.last ?? 0);
    const pending = journal.filter((entry) => entry.when > last).map((entry) => entry.tag);
    if (pending.length > 0) checks.migrations = `not applied: ${pending.join(', ')}`;
  } catch (error) {
    checks.database = `unreachable: ${error instanceof Error ? error.message : String(error)}`;
    checks.migrations = 'unknown';
  }
  if (!ctx.jobs.isRunning) checks.jobs = 'not running';
  return { ready: Object.values(checks).every((check) => check === 'ok'), checks };
}
