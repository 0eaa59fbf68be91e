import { TransactionListAnswerSchema, TransactionListQuerySchema } from '#shared/schemas/finance';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/policy.ts';
import type { App } from '../../http/types.ts';
import { listTransactions } from './list-transactions.ts';

const tags = ['finance'];

export function registerFinanceRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/transactions',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "The ledger's entries, newest first (25 a page), with totals per currency and the balance; vendors see their own, admins all or requestedVendor",
        querystring: TransactionListQuerySchema,
        response: { 200: TransactionListAnswerSchema },
      },
    },
    async (request) => listTransactions(ctx, requireAuth(request), request.query),
  );
}
