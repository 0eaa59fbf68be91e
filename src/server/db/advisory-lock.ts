import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Holds a lock named `key` until the caller's transaction ends, so a check and the write it allows
 * (a count against a limit, the next number) run one transaction at a time for that key. Inside a
 * savepoint it still lasts until the outer transaction ends. PGlite has the same function (and runs
 * one transaction at a time anyway).
 */
export async function lockUntilCommit(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
