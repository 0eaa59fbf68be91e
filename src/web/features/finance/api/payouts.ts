import {
  DeleteManualPaymentAnswerSchema,
  DeleteManualPaymentBodySchema,
  PayAnswerSchema,
  PayBodySchema,
  PreparePayoutAnswerSchema,
  PreparePayoutBodySchema,
} from '#shared/schemas/finance';
import { endpoint } from '#web/api/endpoint.ts';

export { PAYOUT_METHODS, type PayAnswer, type PayoutLine, type PayoutMethod, type PreparedPayout } from '#shared/schemas/finance';

/** POST payment/v3/prepare: what paying the chosen lines pays per vendor, and the card provider's balance. */
export const preparePayout = endpoint({ method: 'POST', path: 'payment/v3/prepare', request: PreparePayoutBodySchema, answer: PreparePayoutAnswerSchema });

/** POST payment/v3/pay: the lines, a method per vendor, and the manual payment's date and note. */
export const pay = endpoint({ method: 'POST', path: 'payment/v3/pay', request: PayBodySchema, answer: PayAnswerSchema });

/** DELETE payment/manual: the manual payment's ledger entry is reversed and its orders are due again. */
export const deleteManualPayment = endpoint({ method: 'DELETE', path: 'payment/manual', request: DeleteManualPaymentBodySchema, answer: DeleteManualPaymentAnswerSchema });
