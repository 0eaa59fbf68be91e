import useSWR from 'swr';
import { OrderDetailAnswerSchema } from '#shared/schemas/orders';
import { endpoint } from '#web/api/endpoint.ts';
import { ORDERS_KEY } from './list-orders.ts';

export type { OrderDetail, OrderDetailAnswer } from '#shared/schemas/orders';

const getOrderDetail = endpoint({ path: 'orders/{orderId}', pathParams: ['orderId'], answer: OrderDetailAnswerSchema });

/**
 * GET orders/{orderId}: the vendor order, its lines, shipments and buyer, and for admins every
 * vendor's part of the same order. Not refreshed on focus: the fulfil form is filled from it, and
 * a refresh under someone's typing would start the form again.
 */
export function useOrderDetail(orderId: string) {
  return useSWR([ORDERS_KEY, 'detail', orderId], () => getOrderDetail({ orderId }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}
