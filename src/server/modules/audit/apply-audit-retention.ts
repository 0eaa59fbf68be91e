import { rowsOf } from '../products/index.ts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { resolveSettings } from '#shared/schemas/settings';
import type { AppContext } from '#server/context';
import { defineJob, jobIds } from '#server/jobs/job-kind';

export const AUDIT_RETENTION_JOB = defineJob('audit-retention', z.object({ at: jobIds.isoTime }));
/** Months of partitions made ahead, so a record never waits for one (nor falls into the default partition). */
const MONTHS_AHEAD = 3;
const PARTITION_NAME = /^audit_log_(\d{4})_(\d{2})$/;

const monthStart = (date: Date, addMonths = 0) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + addMonths, 1));

/**
 * Makes the coming months' partitions and drops the months every store is done with. Partitions
 * hold all stores, so a month goes once it is older than the longest retention any store keeps;
 * a store with a shorter one no longer sees its older records (the reads filter by its own
 * retention) until then. A month is dropped whole: no row-by-row delete, no vacuum after it.
 */
export async function applyAuditRetention(ctx: AppContext): Promise<{ dropped: string[] }> {
  const now = ctx.now();
  await ctx.db.execute(sql`SELECT audit_log_add_partitions(${monthStart(now).toISOString()}::date, ${MONTHS_AHEAD + 1})`);
  const stores = rowsOf<{ settings: unknown }>(await ctx.db.execute(sql`SELECT settings FROM stores`));
  if (stores.length === 0) return { dropped: [] };
  const keepMonths = Math.max(...stores.map((store) => resolveSettings(store.settings).auditLog.retentionMonths));
  // Records from this month on are kept: the oldest month still partly inside the retention stays whole.
  const keepFrom = monthStart(now, -keepMonths);
  const partitions = rowsOf<{ name: string }>(
    await ctx.db.execute(sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'audit_log'::regclass`),
  );
  const dropped: string[] = [];
  for (const { name } of partitions) {
    const month = PARTITION_NAME.exec(name);
    if (!month || monthStart(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)), 1) > keepFrom) continue;
    await ctx.db.execute(sql.raw(`DROP TABLE "${name}"`));
    dropped.push(name);
  }
  return { dropped };
}

/** Queues the next daily run (at 03:00 UTC); the time is in the dedupe key, so many processes queue one. */
export async function scheduleAuditRetention(ctx: AppContext, after: Date = ctx.now()) {
  const at = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate() + 1, 3));
  await ctx.jobs.enqueue(
    AUDIT_RETENTION_JOB,
    { at: at.toISOString() },
    { runAt: at, dedupeKey: `${AUDIT_RETENTION_JOB.type}:${at.toISOString()}` },
  );
}

export function registerAuditRetentionJob(ctx: AppContext) {
  ctx.jobs.register(AUDIT_RETENTION_JOB, async (payload) => {
    await applyAuditRetention(ctx);
    await scheduleAuditRetention(ctx, new Date(payload.at));
  });
}
