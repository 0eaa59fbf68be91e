import type { AppContext } from '#server/context';
import { nextDigestAt, readNotificationSettings } from './notification-settings.ts';
import { z } from 'zod';
import { defineJob, jobIds } from '#server/jobs/job-kind';

export const DUTY_DIGEST_JOB = defineJob('duty-digest', z.object({ storeId: jobIds.storeId, at: jobIds.isoTime }));

/**
 * Queues a store's next digest at its digestSendAtHourUtc; the time is in the dedupe key, so asking
 * twice queues it once. Here, beside the settings it reads, so saving them can reschedule without
 * the notifications module depending on the digest (which reads orders, products and applications).
 */
export async function scheduleDutyDigest(ctx: AppContext, storeId: string, after: Date = ctx.now()) {
  const settings = await readNotificationSettings(ctx.db, storeId);
  const at = nextDigestAt(settings, after);
  await ctx.jobs.enqueue(
    DUTY_DIGEST_JOB,
    { storeId, at: at.toISOString() },
    { runAt: at, dedupeKey: `${DUTY_DIGEST_JOB.type}:${storeId}:${at.toISOString()}` },
  );
}
