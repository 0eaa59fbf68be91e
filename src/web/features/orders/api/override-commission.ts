import type { z } from 'zod';
import { OrderCommissionAnswerSchema, OrderCommissionBodySchema, type OrderCommissionBody } from '#shared/schemas/orders';
import { endpoint } from '#web/api/endpoint.ts';
import { revalidateOrders } from './list-orders.ts';

export type OrderCommissionAnswer = z.output<typeof OrderCommissionAnswerSchema>;

const putCommission = endpoint({
  method: 'PUT',
  path: 'orders/commission',
  request: OrderCommissionBodySchema,
  answer: OrderCommissionAnswerSchema,
});

/** PUT orders/commission (admins): one vendor's commission on one order; the orders are read again with it. */
export async function overrideCommission(body: OrderCommissionBody): Promise<OrderCommissionAnswer> {
  const answer = await putCommission(body);
  await revalidateOrders();
  return answer;
}
