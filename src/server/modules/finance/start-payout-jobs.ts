import type { AppContext } from '#server/context';
import { scheduleAllAutomatedPayouts } from './automated-payouts.ts';
import { recoverPayouts, schedulePayoutRecovery } from '../payments/settle-payout.ts';

/**
 * At start: the payments a crash left in flight are asked about at once (not after the next
 * recovery pass), then the recurring recovery and every store's automated payout are queued.
 */
export async function startPayoutJobs(ctx: AppContext) {
  await schedulePayoutRecovery(ctx);
  await scheduleAllAutomatedPayouts(ctx);
  void recoverPayouts(ctx).catch((error: unknown) => console.error('payout recovery failed', error));
}
