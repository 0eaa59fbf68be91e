import { FULFILLMENT_FILTERS, OrderListQuerySchema, type ORDER_PERIODS, type OrderListQuery, type PAYOUT_FILTERS } from '#shared/schemas/orders';
import { addressValue } from '#web/components/address-value.ts';

export type FulfillmentFilter = (typeof FULFILLMENT_FILTERS)[number];
export type PayoutFilter = (typeof PAYOUT_FILTERS)[number];
export type OrderPeriod = (typeof ORDER_PERIODS)[number];

/**
 * What the order list shows, kept in the address (?fulfillment=&payout=&period=&from=&to=&q=&vendor=&page=)
 * so a reload, a shared link and the back button give the same page. Defaults (spec §9: period
 * all; any fulfilment, every payout, page 1) are left out of the address.
 */
export interface OrderListState {
  page: number;
  q: string;
  fulfillment: FulfillmentFilter;
  payout: PayoutFilter;
  period: OrderPeriod;
  /** YYYY-MM-DD or ''; a day range wins over the period on the server. */
  from: string;
  to: string;
  /** Admins in the marketplace view: one vendor's orders. */
  vendor: string;
}

export const DEFAULT_ORDER_LIST_STATE: OrderListState = { page: 1, q: '', fulfillment: 'any', payout: 'all', period: 'all', from: '', to: '', vendor: '' };

const fields = OrderListQuerySchema.shape;

export function readOrderListState(params: URLSearchParams): OrderListState {
  const d = DEFAULT_ORDER_LIST_STATE;
  return {
    page: addressValue(fields.page, params.get('page'), d.page),
    q: addressValue(fields.q, params.get('q'), d.q),
    fulfillment: addressValue(fields.fulfillment, params.get('fulfillment'), d.fulfillment),
    payout: addressValue(fields.payout, params.get('payout'), d.payout),
    period: addressValue(fields.period, params.get('period'), d.period),
    from: addressValue(fields.from, params.get('from'), d.from),
    to: addressValue(fields.to, params.get('to'), d.to),
    vendor: addressValue(fields.vendor, params.get('vendor'), d.vendor),
  };
}

export function writeOrderListState(state: OrderListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.fulfillment !== DEFAULT_ORDER_LIST_STATE.fulfillment) params.set('fulfillment', state.fulfillment);
  if (state.payout !== DEFAULT_ORDER_LIST_STATE.payout) params.set('payout', state.payout);
  if (state.period !== DEFAULT_ORDER_LIST_STATE.period) params.set('period', state.period);
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.q) params.set('q', state.q);
  if (state.vendor) params.set('vendor', state.vendor);
  if (state.page !== DEFAULT_ORDER_LIST_STATE.page) params.set('page', String(state.page));
  return params;
}

/** A new filter starts again at the first page: the page count belongs to one set of filters. */
export function changeFilters(state: OrderListState, change: Partial<Omit<OrderListState, 'page'>>): OrderListState {
  return { ...state, ...change, page: 1 };
}

export function isFiltered(state: OrderListState): boolean {
  const { page: _page, ...filters } = state;
  const { page: _default, ...defaults } = DEFAULT_ORDER_LIST_STATE;
  return (Object.keys(filters) as (keyof typeof filters)[]).some((key) => filters[key] !== defaults[key]);
}

/** The query of GET orders for what the list shows; the vendor is sent only from the marketplace view. */
export function toOrderListQuery(state: OrderListState, { withVendor }: { withVendor: boolean }): OrderListQuery {
  return {
    page: state.page,
    fulfillment: state.fulfillment,
    payout: state.payout,
    period: state.period,
    ...(state.q ? { q: state.q } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    ...(withVendor && state.vendor ? { vendor: state.vendor } : {}),
  };
}
