import { MarkPaidAnswerSchema } from '#shared/schemas/orders';
import { endpoint } from '#web/api/endpoint.ts';
import { revalidateOrders } from './list-orders.ts';

const postMarkPaid = endpoint({
  method: 'POST',
  path: 'orders/{orderId}/mark-paid',
  pathParams: ['orderId'],
  answer: MarkPaidAnswerSchema,
});

/** POST orders/{id}/mark-paid (admins): the buyer paid a built-in order by a manual method; the orders are read again. */
export async function markOrderPaid(orderId: string) {
  const answer = await postMarkPaid({ orderId });
  await revalidateOrders();
  return answer;
}
