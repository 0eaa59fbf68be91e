import type { AppContext } from '#server/context';
import { scheduleAutomatedPayouts } from '../finance/automated-payouts.ts';
import { scheduleDutyDigest } from '../notifications/schedule-duty-digest.ts';
import { scheduleReconciliation } from '../payments/reconcile-payouts.ts';

/**
 * A store's recurring jobs: the daily duty digest, the automated payout check and the
 * reconciliation with its payment providers. Each run queues
 * the next, so a store needs its first ones queued once: main.ts does it for every store at start,
 * this for a marketplace installed while the server runs. Each job is keyed by its time, so
 * queueing twice queues it once.
 */
export async function scheduleStoreJobs(ctx: AppContext, storeId: string) {
  await scheduleDutyDigest(ctx, storeId);
  await scheduleAutomatedPayouts(ctx, storeId);
  await scheduleReconciliation(ctx, storeId);
}
