import type { ServerModule } from '#server/server-module';
import { ANNUAL_REPORT_EXPORT } from './annual-report.ts';
import { registerAutomatedPayouts, scheduleAllAutomatedPayouts, scheduleAutomatedPayouts } from './automated-payouts.ts';
import { TRANSACTION_EXPORT } from './export-transactions.ts';
import { registerFinanceRoutes } from './routes.ts';

/** The finance module: the ledger, payouts, reserves, statements. */
export const financeModule: ServerModule = {
  register: registerFinanceRoutes,
  jobs: registerAutomatedPayouts,
  atStart: scheduleAllAutomatedPayouts,
  scheduleStore: (ctx, storeId) => scheduleAutomatedPayouts(ctx, storeId),
  contributes: { exportSources: [TRANSACTION_EXPORT, ANNUAL_REPORT_EXPORT] },
};

export { displayCurrencyOf, inDisplayOrder } from './display-currency.ts';
export {
  recordCommissionChange,
  recordLabelCost,
  recordLineRefund,
  recordOrderArrival,
  recordShippingRefund,
  reverseLabelCost,
  reverseOrderEntries,
  shippingLeft,
  type VendorOrderRef,
} from './ledger.ts';
export { expectedPayoutAt, lastShippedAt } from './payable.ts';
