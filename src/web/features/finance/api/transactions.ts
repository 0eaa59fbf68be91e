import useSWR, { mutate } from 'swr';
import type { TransactionExportQuery, TransactionListAnswer, TransactionListQuery } from '#shared/schemas/finance';
import { endpoint } from '../../../api/endpoint.ts';

export type { Transaction, TransactionListAnswer, TransactionListQuery } from '#shared/schemas/finance';

const TRANSACTION_FILTERS = ['from', 'to', 'period', 'q', 'payment', 'payout', 'requestedVendor'] as const;

export const listTransactions = endpoint<TransactionListQuery, TransactionListAnswer>({ path: 'transactions', query: ['page', ...TRANSACTION_FILTERS] });

/** POST transactions/export with the list's filters, not its page (admins: adminExport picks the report). */
export const startTransactionExport = endpoint<TransactionExportQuery, { exportId: string }>({ method: 'POST', path: 'transactions/export', query: [...TRANSACTION_FILTERS, 'adminExport'] });

export const TRANSACTIONS_KEY = 'transactions';

/** GET transactions: one page with the totals; the previous page stays on screen while the next loads. */
export function useTransactions(query: TransactionListQuery) {
  return useSWR([TRANSACTIONS_KEY, query], () => listTransactions(query), { keepPreviousData: true });
}

/** After a payment or its deletion every page and total is stale. */
export function revalidateTransactions() {
  return mutate((key) => Array.isArray(key) && key[0] === TRANSACTIONS_KEY);
}
