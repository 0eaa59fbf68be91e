import useSWR, { mutate } from 'swr';
import {
  LabelAnswerSchema,
  LabelBodySchema,
  OrderShippingAnswerSchema,
  RatesAnswerSchema,
  RatesBodySchema,
  ShipmentPushAnswerSchema,
  type RatesBody,
} from '#shared/schemas/shipping';
import { endpoint } from '#web/api/endpoint.ts';
import { ORDERS_KEY, revalidateOrders } from './list-orders.ts';

export type { Label, OrderShippingAnswer, Rate } from '#shared/schemas/shipping';

const getShipping = endpoint({ path: 'orders/{orderId}/shipping', pathParams: ['orderId'], answer: OrderShippingAnswerSchema });
const postRates = endpoint({ method: 'POST', path: 'shippo/rates', request: RatesBodySchema, answer: RatesAnswerSchema });
const postLabel = endpoint({ method: 'POST', path: 'shippo/label', request: LabelBodySchema, answer: LabelAnswerSchema });
const postVoid = endpoint({ method: 'POST', path: 'shippo/label/{labelId}/void', pathParams: ['labelId'], answer: LabelAnswerSchema });
const postPush = endpoint({
  method: 'POST',
  path: 'orders/{orderId}/shipments/{shipmentId}/push',
  pathParams: ['orderId', 'shipmentId'],
  answer: ShipmentPushAnswerSchema,
});

const shippingKey = (orderId: string) => [ORDERS_KEY, 'shipping', orderId];

/** GET orders/{orderId}/shipping: the label form's prefill and the order's labels. */
export function useOrderShipping(orderId: string) {
  return useSWR(shippingKey(orderId), () => getShipping({ orderId }), { revalidateOnFocus: false });
}

/** POST shippo/rates: rates for the parcel, cheapest first. */
export const quoteRates = (orderId: string, body: Omit<RatesBody, 'orderId'>) => postRates({ orderId, ...body });

/** POST shippo/label (once per order: a repeat answers the same label); the order and its lists are read again. */
export async function buyLabel(orderId: string, rateId: string) {
  const answer = await postLabel({ orderId, rateId });
  await Promise.all([mutate(shippingKey(orderId)), revalidateOrders()]);
  return answer;
}

/** POST shippo/label/{id}/void: refunded, the cost comes back and the shipment is undone. */
export async function voidLabel(orderId: string, labelId: string) {
  const answer = await postVoid({ labelId });
  await Promise.all([mutate(shippingKey(orderId)), revalidateOrders()]);
  return answer;
}

/** POST orders/{id}/shipments/{shipmentId}/push: sends a failed shipment to the platform again. */
export async function retryPlatformShipment(orderId: string, shipmentId: string) {
  await postPush({ orderId, shipmentId });
  await revalidateOrders();
}
