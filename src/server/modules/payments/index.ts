import type { ServerModule } from '#server/server-module';
import { checkPaymentFlags } from './payment-flags.ts';
import { registerReconciliation, scheduleAllReconciliations, scheduleReconciliation } from './reconcile-payouts.ts';
import { registerPaymentRoutes } from './routes.ts';
import { recoverPayouts, registerPayoutRecovery, schedulePayoutRecovery } from './settle-payout.ts';

/** The payments module: provider keys, payout accounts, settling and recovering provider payouts. */
export const paymentsModule: ServerModule = {
  register: registerPaymentRoutes,
  jobs(ctx) {
    registerPayoutRecovery(ctx);
    registerReconciliation(ctx);
  },
  /** The payments a crash left in flight are asked about at once (not after the next recovery pass). */
  async atStart(ctx) {
    await schedulePayoutRecovery(ctx);
    await scheduleAllReconciliations(ctx);
    void recoverPayouts(ctx).catch((error: unknown) => console.error('payout recovery failed', error));
  },
  scheduleStore: (ctx, storeId) => scheduleReconciliation(ctx, storeId),
  contributes: { settingsChecks: [checkPaymentFlags] },
};

export { payoutDestination, type PayoutTarget, payoutTargets, stripeBalance } from './payout-destination.ts';
export { raiseException } from './payout-exceptions.ts';
export { findStripeSecret } from './provider-keys.ts';
export { settlePayout } from './settle-payout.ts';
export { ensureWebhookEndpoint, findWebhookSecret } from './stripe-webhook-endpoint.ts';
