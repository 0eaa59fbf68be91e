import { z } from 'zod';
import {
  DeleteManualPaymentBodySchema,
  PayAnswerSchema,
  PayBodySchema,
  PreparePayoutAnswerSchema,
  PreparePayoutBodySchema,
  TransactionListAnswerSchema,
  TransactionListQuerySchema,
} from '#shared/schemas/finance';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/policy.ts';
import type { App } from '../../http/types.ts';
import { listTransactions } from './list-transactions.ts';
import { deleteManualPayment, pay, preparePayout } from './payouts.ts';

const tags = ['finance'];

export function registerFinanceRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/transactions',
    {
      config: { policy: 'user', readAhead: true },
      schema: {
        tags,
        summary: "The ledger's entries, newest first (25 a page), with totals per currency and the balance; vendors see their own, admins all or requestedVendor",
        querystring: TransactionListQuerySchema,
        response: { 200: TransactionListAnswerSchema },
      },
    },
    async (request) => listTransactions(ctx, requireAuth(request), request.query),
  );

  app.post(
    '/api/payment/v3/prepare',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'What paying the chosen lines (orderName, vendor) pays, per vendor and currency: the balance less what other due orders hold',
        body: PreparePayoutBodySchema,
        response: { 200: PreparePayoutAnswerSchema },
      },
    },
    async (request) => preparePayout(ctx, requireAuth(request), request.body.payoutLines),
  );

  app.post(
    '/api/payment/v3/pay',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Pay the chosen lines per vendor (manual payments: paidAt, details); the same lines paid twice at once make one payment',
        body: PayBodySchema,
        response: { 200: PayAnswerSchema },
      },
    },
    async (request) => pay(ctx, requireAuth(request), request.body),
  );

  app.delete(
    '/api/payment/manual',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Delete a manual payment (its ledger entry id): a reversing entry, its orders due again',
        body: DeleteManualPaymentBodySchema,
        response: { 200: z.object({ transactionId: z.string(), reversedBy: z.string() }) },
      },
    },
    async (request) => deleteManualPayment(ctx, requireAuth(request), request.body.transactionId),
  );
}
