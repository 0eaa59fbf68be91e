import type { z } from 'zod';
import { FulfillAnswerSchema, FulfillBodySchema } from '#shared/schemas/orders';
import { endpoint } from '#web/api/endpoint.ts';
import { revalidateOrders } from './list-orders.ts';

/** The body as the schema leaves it: lines of zero dropped. */
export type FulfillPayload = z.output<typeof FulfillBodySchema>;
export type FulfillAnswer = z.output<typeof FulfillAnswerSchema>;

const postFulfill = endpoint({
  method: 'POST',
  path: 'orders/{orderId}/fulfill',
  pathParams: ['orderId'],
  request: FulfillBodySchema,
  answer: FulfillAnswerSchema,
});

/**
 * POST orders/{orderId}/fulfill: ships lines of a vendor order. A 400 carries `errors[{path,
 * message}]` at the sent body's paths (lineItems.0.quantity). The order and the lists are read
 * again, so the screen shows what is left.
 */
export async function fulfillOrder(orderId: string, body: FulfillPayload): Promise<FulfillAnswer> {
  const answer = await postFulfill({ orderId, ...body });
  await revalidateOrders();
  return answer;
}
