import {
  DeleteManualPaymentAnswerSchema,
  DeleteManualPaymentBodySchema,
  PayableOrdersAnswerSchema,
  PayableOrdersQuerySchema,
  PayAnswerSchema,
  PayBodySchema,
  PayoutSummaryAnswerSchema,
  PayoutSummaryQuerySchema,
  PreparePayoutAnswerSchema,
  PreparePayoutBodySchema,
} from '#shared/schemas/finance';
import useSWR from 'swr';
import { endpoint } from '#web/api/endpoint.ts';
import { TRANSACTIONS_KEY } from './transactions.ts';

export {
  PAYOUT_METHODS,
  type PayableOrdersAnswer,
  type PayoutSummaryAnswer,
  type PayAnswer,
  type PayoutLine,
  type PayoutMethod,
  type PreparedPayout,
} from '#shared/schemas/finance';

/** POST payment/v3/prepare: what paying the chosen lines pays per vendor, and the card provider's balance. */
export const preparePayout = endpoint({
  method: 'POST',
  path: 'payment/v3/prepare',
  request: PreparePayoutBodySchema,
  answer: PreparePayoutAnswerSchema,
});

/** POST payment/v3/pay: the lines, a method per vendor, and the manual payment's date and note. */
export const pay = endpoint({ method: 'POST', path: 'payment/v3/pay', request: PayBodySchema, answer: PayAnswerSchema });

/** DELETE payment/manual: the manual payment's ledger entry is reversed and its orders are due again. */
export const deleteManualPayment = endpoint({
  method: 'DELETE',
  path: 'payment/manual',
  request: DeleteManualPaymentBodySchema,
  answer: DeleteManualPaymentAnswerSchema,
});

/** GET payment/payable (admins): the vendor orders payable now, what the payout flow chooses from. */
export const listPayableOrders = endpoint({
  path: 'payment/payable',
  request: PayableOrdersQuerySchema,
  answer: PayableOrdersAnswerSchema,
});

const getPayoutSummary = endpoint({ path: 'payouts/summary', request: PayoutSummaryQuerySchema, answer: PayoutSummaryAnswerSchema });
/** GET payouts/summary: a vendor's available, pending and paid money per currency (read again with the transactions after a payment). */
export function usePayoutSummary() {
  return useSWR([TRANSACTIONS_KEY, 'summary'], () => getPayoutSummary({}));
}
