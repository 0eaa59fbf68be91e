import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { AUDIT_TRIGGERS_QUERY } from './audit-actor.ts';

/** Every audit trigger, by table. */
async function auditTriggers(db: Db): Promise<{ name: string; trigger: string }[]> {
  const result = (await db.execute(sql.raw(AUDIT_TRIGGERS_QUERY))) as unknown as { rows: { name: string; trigger: string }[] };
  return result.rows;
}

/** Switches every audit trigger on or off (a disabled trigger records nothing). */
export async function switchAuditTriggers(db: Db, on: boolean): Promise<void> {
  for (const { name, trigger } of await auditTriggers(db))
    await db.execute(sql.raw(`ALTER TABLE "${name}" ${on ? 'ENABLE' : 'DISABLE'} TRIGGER "${trigger}"`));
}

/**
 * Runs `work` with the audit triggers off, for the bulk seeders of the benchmarks and the EXPLAIN
 * tests only: a record per seeded row (hundreds of thousands) cost most of their time and is no part
 * of what they measure. Takes each audited table's exclusive lock: never on a live database.
 */
export async function withoutAuditTrail<T>(db: Db, work: () => Promise<T>): Promise<T> {
  await switchAuditTriggers(db, false);
  try {
    return await work();
  } finally {
    await switchAuditTriggers(db, true);
  }
}
