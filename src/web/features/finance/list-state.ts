import { TransactionListQuerySchema, type LEDGER_KINDS, type TransactionListQuery } from '#shared/schemas/finance';
import type { ORDER_PERIODS, PAYOUT_FILTERS } from '#shared/schemas/orders';
import { addressState } from '#web/components/address-value.ts';

/**
 * What the finance list shows, kept in the address (?period=&from=&to=&q=&payment=&payout=&vendor=&page=)
 * so a reload, a shared link and the back button give the same page. Defaults (spec: period week;
 * every kind and payout state, page 1) are left out of the address.
 */
export interface FinanceListState {
  page: number;
  period: (typeof ORDER_PERIODS)[number];
  from: string;
  to: string;
  q: string;
  payment: 'all' | (typeof LEDGER_KINDS)[number];
  payout: (typeof PAYOUT_FILTERS)[number];
  /** Admins in the marketplace view: one vendor's entries (requestedVendor). */
  vendor: string;
}

export const DEFAULT_FINANCE_STATE: FinanceListState = {
  page: 1,
  period: 'week',
  from: '',
  to: '',
  q: '',
  payment: 'all',
  payout: 'all',
  vendor: '',
};

const fields = TransactionListQuerySchema.shape;
const address = addressState(DEFAULT_FINANCE_STATE, { ...fields, payment: fields.payment, vendor: fields.requestedVendor });

export const readFinanceState = address.read;
export const writeFinanceState = address.write;
export const isFiltered = address.isFiltered;

/** The query of GET transactions; the vendor goes as requestedVendor, and only from the marketplace view. */
export function toTransactionQuery(state: FinanceListState, { withVendor }: { withVendor: boolean }): TransactionListQuery {
  return {
    page: state.page,
    period: state.period,
    from: state.from || undefined,
    to: state.to || undefined,
    q: state.q || undefined,
    payment: state.payment,
    payout: state.payout,
    requestedVendor: withVendor && state.vendor ? state.vendor : undefined,
  };
}
