import type { AppContext } from '../../context.ts';
import { nextDigestAt, readNotificationSettings } from './notification-settings.ts';

export const DUTY_DIGEST_JOB = 'duty-digest';

/**
 * Queues a store's next digest at its digestSendAtHourUtc; the time is in the dedupe key, so asking
 * twice queues it once. Here, beside the settings it reads, so saving them can reschedule without
 * the notifications module depending on the digest (which reads orders, products and applications).
 */
export async function scheduleDutyDigest(ctx: AppContext, storeId: string, after: Date = ctx.now()) {
  const settings = await readNotificationSettings(ctx.db, storeId);
  const at = nextDigestAt(settings, after);
  await ctx.jobs.enqueue(DUTY_DIGEST_JOB, { storeId, at: at.toISOString() }, { runAt: at, dedupeKey: `${DUTY_DIGEST_JOB}:${storeId}:${at.toISOString()}` });
}
