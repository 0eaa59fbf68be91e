import {
  FULFILLMENT_FILTERS,
  OrderListQuerySchema,
  type ORDER_PERIODS,
  type OrderListQuery,
  type PAYOUT_FILTERS,
} from '#shared/schemas/orders';
import { addressState } from '#web/components/address-value.ts';

export type FulfillmentFilter = (typeof FULFILLMENT_FILTERS)[number];
export type PayoutFilter = (typeof PAYOUT_FILTERS)[number];
export type OrderPeriod = (typeof ORDER_PERIODS)[number];

/**
 * What the order list shows, kept in the address (?fulfillment=&payout=&period=&from=&to=&q=&vendor=&page=)
 * so a reload, a shared link and the back button give the same page. Defaults (period
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

export const DEFAULT_ORDER_LIST_STATE: OrderListState = {
  page: 1,
  fulfillment: 'any',
  payout: 'all',
  period: 'all',
  from: '',
  to: '',
  q: '',
  vendor: '',
};

const address = addressState(DEFAULT_ORDER_LIST_STATE, OrderListQuerySchema.shape);

export const readOrderListState = address.read;
export const writeOrderListState = address.write;
export const isFiltered = address.isFiltered;

/** A new filter starts again at the first page: the page count belongs to one set of filters. */
export function changeFilters(state: OrderListState, change: Partial<Omit<OrderListState, 'page'>>): OrderListState {
  return { ...state, ...change, page: 1 };
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
