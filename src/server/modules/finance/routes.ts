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
  ReserveAnswerSchema,
  ReserveBodySchema,
  ReserveQuerySchema,
  TransactionExportQuerySchema,
  TransactionListAnswerSchema,
  TransactionListQuerySchema,
} from '#shared/schemas/finance';
import { ExportStartedSchema } from '#shared/schemas/products';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { EXPORT_RATE_LIMIT, registerExportRoutes } from '../exports/index.ts';
import { startTransactionExport, TRANSACTION_EXPORT } from './export-transactions.ts';
import { listTransactions } from './list-transactions.ts';
import { deleteManualPayment, pay, preparePayout } from './payouts.ts';
import { triggerAutomatedPayouts } from './automated-payouts.ts';
import { AutomatedPayoutAnswerSchema } from '#shared/schemas/payments';
import { getPayoutSummary } from './payout-summary.ts';
import { listPayableOrders } from './list-payable.ts';
import { StatementAnswerSchema, StatementParamsSchema, StatementQuerySchema, type StatementAnswer } from '#shared/schemas/statements';
import { getStatement } from './statements.ts';
import { getReserve, setReserve } from './reserve.ts';
import { statementCsv, statementPdf } from './statement-files.ts';
import { sendDocument } from '../documents/index.ts';
import { AnnualReportQuerySchema } from '#shared/schemas/statements';
import { ANNUAL_REPORT_EXPORT, startAnnualReport } from './annual-report.ts';

const tags = ['finance'];

export function registerFinanceRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/transactions',
    {
      config: { policy: 'user', readAhead: true },
      schema: {
        tags,
        summary:
          "The ledger's entries, newest first (25 a page), with totals per currency and the balance; vendors see their own, admins all or requestedVendor",
        querystring: TransactionListQuerySchema,
        response: { 200: TransactionListAnswerSchema },
      },
    },
    async (request) => listTransactions(ctx, requireAuth(request), request.query),
  );

  app.post(
    '/api/transactions/export',
    {
      config: { policy: 'user', rateLimit: EXPORT_RATE_LIMIT },
      schema: {
        tags,
        summary:
          'Export the filtered transactions as CSV in the background (adminExport: sales-report, one row per vendor and currency, or all-transactions); poll GET transactions/exports/{exportId}',
        querystring: TransactionExportQuerySchema,
        response: { 202: ExportStartedSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await startTransactionExport(ctx, requireAuth(request), request.query)),
  );
  registerExportRoutes(app, ctx, TRANSACTION_EXPORT, tags);

  app.post(
    '/api/annual-report/export',
    {
      config: { policy: 'admin', rateLimit: EXPORT_RATE_LIMIT },
      schema: {
        tags,
        summary:
          "The yearly seller report (year on the store's clock) as CSV in the background: per vendor and currency, gross sales, number of sales, refunds, fees and payouts with the vendor's tax details; poll GET annual-report/exports/{exportId}",
        querystring: AnnualReportQuerySchema,
        response: { 202: ExportStartedSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await startAnnualReport(ctx, requireAuth(request), request.query)),
  );
  registerExportRoutes(app, ctx, ANNUAL_REPORT_EXPORT, tags);

  app.get(
    '/api/statements/:month',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary:
          "A vendor's monthly statement (month YYYY-MM on the store's clock), per currency: opening balance, sales, discounts, shipping, tax, commission, refunds, fees, label costs, payouts, closing balance; format json, pdf (HTML to print without Chromium) or csv; vendors their own, admins requestedVendor",
        params: StatementParamsSchema,
        querystring: StatementQuerySchema,
        produces: ['application/json', 'application/pdf', 'text/csv'],
        response: { 200: StatementAnswerSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const statement = await getStatement(ctx, auth, request.params.month, request.query);
      if (request.query.format === 'pdf') return sendDocument(reply, await statementPdf(ctx, auth.storeId, statement));
      if (request.query.format === 'csv') {
        const file = statementCsv(statement);
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .header('cache-control', 'private, no-store')
            // The CSV file; the response schema documents the JSON answer.
            .send(file.body as unknown as StatementAnswer)
        );
      }
      return statement;
    },
  );

  app.get(
    '/api/payouts/summary',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary:
          'Per vendor and currency: available (payable now), pending (held until a day: unfulfilled or within the holding days) and paid out; vendors their own',
        querystring: PayoutSummaryQuerySchema,
        response: { 200: PayoutSummaryAnswerSchema },
      },
    },
    async (request) => getPayoutSummary(ctx, requireAuth(request), request.query.requestedVendor),
  );

  app.get(
    '/api/payment/payable',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary:
          'The vendor orders payable now (paid by the buyer, fulfilled, past the holding days), oldest first: what the payout flow offers',
        querystring: PayableOrdersQuerySchema,
        response: { 200: PayableOrdersAnswerSchema },
      },
    },
    async (request) => listPayableOrders(ctx, requireAuth(request), request.query.vendor),
  );

  app.get(
    '/api/payment/reserve',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: "A vendor's reserve: the percentage of each paid order held the number of days more after its payable date",
        querystring: ReserveQuerySchema,
        response: { 200: ReserveAnswerSchema },
      },
    },
    async (request) => getReserve(ctx, requireAuth(request), request.query.vendor),
  );

  app.put(
    '/api/payment/reserve',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary:
          "Set a vendor's reserve (percentage 0 lifts it): that part of each order payable from now on is paid only the days after its payable date",
        body: ReserveBodySchema,
        response: { 200: ReserveAnswerSchema },
      },
    },
    async (request) => setReserve(ctx, requireAuth(request), request.body),
  );

  app.post(
    '/api/payment/v3/prepare',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary:
          'What paying the chosen lines (orderName, vendor) pays, per vendor and currency: the balance less what other due orders hold',
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
        response: { 200: DeleteManualPaymentAnswerSchema },
      },
    },
    async (request) => deleteManualPayment(ctx, requireAuth(request), request.body.transactionId),
  );
  app.post(
    '/api/payment/trigger-automated',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Run the automated payout now (fulfilled orders past the holding period, above the minimum)',
        response: { 200: AutomatedPayoutAnswerSchema },
      },
    },
    async (request) => triggerAutomatedPayouts(ctx, requireAuth(request).storeId),
  );
}
