import useSWR, { mutate } from 'swr';
import {
  TransactionExportQuerySchema,
  TransactionListAnswerSchema,
  TransactionListQuerySchema,
  type TransactionListQuery,
} from '#shared/schemas/finance';
import { ExportStartedSchema } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';
import { schemaFields } from '#web/api/endpoint-request.ts';

export type { Transaction, TransactionListAnswer, TransactionListQuery } from '#shared/schemas/finance';

export const listTransactions = endpoint({
  path: 'transactions',
  request: TransactionListQuerySchema,
  answer: TransactionListAnswerSchema,
});

/** POST transactions/export with the list's filters, not its page (admins: adminExport picks the report); they go in the query, as the server reads them. */
export const startTransactionExport = endpoint({
  method: 'POST',
  path: 'transactions/export',
  request: TransactionExportQuerySchema,
  query: schemaFields(TransactionExportQuerySchema) ?? [],
  answer: ExportStartedSchema,
});

export const TRANSACTIONS_KEY = 'transactions';

/** GET transactions: one page with the totals; the previous page stays on screen while the next loads. */
export function useTransactions(query: TransactionListQuery) {
  return useSWR([TRANSACTIONS_KEY, query], () => listTransactions(query), { keepPreviousData: true });
}

/** After a payment or its deletion every page and total is stale. */
export function revalidateTransactions() {
  return mutate((key) => Array.isArray(key) && key[0] === TRANSACTIONS_KEY);
}
