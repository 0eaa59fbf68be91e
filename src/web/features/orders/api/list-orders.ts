import useSWR, { mutate } from 'swr';
import { OrderListAnswerSchema, OrderListQuerySchema, type OrderListQuery } from '#shared/schemas/orders';
import { ExportStartedSchema } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';

export type { OrderListAnswer, OrderListItem, OrderListQuery } from '#shared/schemas/orders';

const ORDER_FILTERS = ['q', 'fulfillment', 'payout', 'period', 'from', 'to', 'vendor'] as const;

export const listOrders = endpoint({ path: 'orders', request: OrderListQuerySchema, answer: OrderListAnswerSchema });

/** POST orders/export with the list's filters, not its page: the whole filtered list is exported in the background. */
export const startOrderExport = endpoint({
  method: 'POST',
  path: 'orders/export',
  request: OrderListQuerySchema,
  query: [...ORDER_FILTERS],
  answer: ExportStartedSchema,
});

/** Every order answer (lists and details) starts with this: a shipment or a new commission changes both. */
export const ORDERS_KEY = 'orders';

/**
 * GET orders: one page of the caller's vendor orders with the counts of the filters. The previous
 * page stays on screen while the next one loads, so paging and filtering do not flash a spinner.
 */
export function useOrders(query: OrderListQuery) {
  return useSWR([ORDERS_KEY, 'list', query], () => listOrders(query), { keepPreviousData: true });
}

/** After a shipment or a commission override every order answer is stale: pages, counts and details. */
export function revalidateOrders() {
  return mutate((key) => Array.isArray(key) && key[0] === ORDERS_KEY);
}
