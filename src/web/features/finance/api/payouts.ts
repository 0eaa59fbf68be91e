import type { z } from 'zod';
import type { PayAnswerSchema, PayBody, PreparePayoutAnswerSchema } from '#shared/schemas/finance';
import { endpoint } from '../../../api/endpoint.ts';

export type PayoutLine = { orderName: string; vendor: string };
export type PreparedPayout = z.infer<typeof PreparePayoutAnswerSchema>;
export type PayAnswer = z.infer<typeof PayAnswerSchema>;
export type PayoutMethod = 'manual' | 'stripe' | 'paypal';
export const PAYOUT_METHODS: readonly PayoutMethod[] = ['manual', 'stripe', 'paypal'];

/** POST payment/v3/prepare: what paying the chosen lines pays per vendor, and the card provider's balance. */
export const preparePayout = endpoint<{ payoutLines: PayoutLine[] }, PreparedPayout>({ method: 'POST', path: 'payment/v3/prepare', body: ['payoutLines'] });

/** POST payment/v3/pay: the lines, a method per vendor, and the manual payment's date and note. */
export const pay = endpoint<PayBody, PayAnswer>({ method: 'POST', path: 'payment/v3/pay', body: ['payoutLines', 'methods', 'manual'] });

/** DELETE payment/manual: the manual payment's ledger entry is reversed and its orders are due again. */
export const deleteManualPayment = endpoint<{ transactionId: string }, { transactionId: string; reversedBy: string }>({ method: 'DELETE', path: 'payment/manual', body: ['transactionId'] });
