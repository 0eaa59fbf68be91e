import { TransactionListQuerySchema, type LEDGER_KINDS, type TransactionListQuery } from '#shared/schemas/finance';
import type { ORDER_PERIODS, PAYOUT_FILTERS } from '#shared/schemas/orders';
import { addressValue } from '#web/components/address-value.ts';

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

export const DEFAULT_FINANCE_STATE: FinanceListState = { page: 1, period: 'week', from: '', to: '', q: '', payment: 'all', payout: 'all', vendor: '' };

const fields = TransactionListQuerySchema.shape;

export function readFinanceState(params: URLSearchParams): FinanceListState {
  const d = DEFAULT_FINANCE_STATE;
  return {
    page: addressValue(fields.page, params.get('page'), d.page),
    period: addressValue(fields.period, params.get('period'), d.period),
    from: addressValue(fields.from, params.get('from'), d.from),
    to: addressValue(fields.to, params.get('to'), d.to),
    q: addressValue(fields.q, params.get('q'), d.q),
    payment: addressValue(fields.payment, params.get('payment'), d.payment),
    payout: addressValue(fields.payout, params.get('payout'), d.payout),
    vendor: addressValue(fields.requestedVendor, params.get('vendor'), d.vendor),
  };
}

export function writeFinanceState(state: FinanceListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['period', 'from', 'to', 'q', 'payment', 'payout', 'vendor'] as const) {
    if (state[key] !== DEFAULT_FINANCE_STATE[key]) params.set(key, state[key]);
  }
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

export function isFiltered(state: FinanceListState): boolean {
  const { page: _page, ...filters } = state;
  return (Object.keys(filters) as (keyof typeof filters)[]).some((key) => filters[key] !== DEFAULT_FINANCE_STATE[key]);
}

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
