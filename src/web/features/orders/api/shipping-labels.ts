import useSWR, { mutate } from 'swr';
import type { LabelAnswerSchema, OrderShippingAnswer, Parcel, RatesAnswer, RecipientAddress } from '#shared/schemas/shipping';
import type { Address } from '#shared/schemas/vendor-settings';
import type { z } from 'zod';
import { endpoint } from '../../../api/endpoint.ts';
import { ORDERS_KEY, revalidateOrders } from './list-orders.ts';

export type { Label, OrderShippingAnswer, Rate } from '#shared/schemas/shipping';
type LabelAnswer = z.output<typeof LabelAnswerSchema>;

const getShipping = endpoint<{ orderId: string }, OrderShippingAnswer>({ path: 'orders/{orderId}/shipping', pathParams: ['orderId'] });
const postRates = endpoint<{ orderId: string; from: Address; to: RecipientAddress; parcels: Parcel[] }, RatesAnswer>({
  method: 'POST',
  path: 'shippo/rates',
  body: ['orderId', 'from', 'to', 'parcels'],
});
const postLabel = endpoint<{ orderId: string; rateId: string }, LabelAnswer>({ method: 'POST', path: 'shippo/label', body: ['orderId', 'rateId'] });
const postVoid = endpoint<{ labelId: string }, LabelAnswer>({ method: 'POST', path: 'shippo/label/{labelId}/void', pathParams: ['labelId'] });

const postPush = endpoint<{ orderId: string; shipmentId: string }, { state: 'pending' }>({ method: 'POST', path: 'orders/{orderId}/shipments/{shipmentId}/push', pathParams: ['orderId', 'shipmentId'] });

const shippingKey = (orderId: string) => [ORDERS_KEY, 'shipping', orderId];

/** GET orders/{orderId}/shipping: the label form's prefill and the order's labels. */
export function useOrderShipping(orderId: string) {
  return useSWR(shippingKey(orderId), () => getShipping({ orderId }), { revalidateOnFocus: false });
}

/** POST shippo/rates: rates for the parcel, cheapest first. */
export const quoteRates = (orderId: string, body: { from: Address; to: RecipientAddress; parcels: Parcel[] }) => postRates({ orderId, ...body });

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
