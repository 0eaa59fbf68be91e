import type { AppContext } from '#server/context';
import { scheduleAllAutomatedPayouts } from './automated-payouts.ts';
import { recoverPayouts, schedulePayoutRecovery } from '../payments/settle-payout.ts';
import { scheduleAllReconciliations } from '../payments/reconcile-payouts.ts';

/**
 * At start: the payments a crash left in flight are asked about at once (not after the next
 * recovery pass), then the recurring recovery, every store's automated payout and every store's
 * daily reconciliation with its payment providers are queued.
 */
export async function startPayoutJobs(ctx: AppContext) {
  await schedulePayoutRecovery(ctx);
  await scheduleAllAutomatedPayouts(ctx);
  await scheduleAllReconciliations(ctx);
  void recoverPayouts(ctx).catch((error: unknown) => console.error('payout recovery failed', error));
}
