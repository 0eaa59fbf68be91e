import type { ServerModule } from '#server/server-module';
import { registerLabelRecovery, startLabelRecovery } from './buy-label.ts';
import { registerShippingRoutes } from './routes.ts';
import { followLabelRefund, LABEL_REFUND_JOB } from './void-label.ts';

/** The shipping module: Shippo keys, rates, labels and voids. */
export const shippingModule: ServerModule = {
  register: registerShippingRoutes,
  jobs(ctx) {
    ctx.jobs.register(LABEL_REFUND_JOB, (payload) => followLabelRefund(ctx, payload));
    registerLabelRecovery(ctx);
  },
  atStart: startLabelRecovery,
};
