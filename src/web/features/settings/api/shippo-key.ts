import useSWR, { mutate } from 'swr';
import { ShippoKeyAnswerSchema, ShippoKeyBodySchema, type ShippoKeyBody } from '#shared/schemas/shipping';
import { endpoint } from '#web/api/endpoint.ts';

const KEY = ['shippo', 'api-key'];

const getKey = endpoint({ path: 'shippo/api-key', answer: ShippoKeyAnswerSchema });
const putKey = endpoint({ method: 'PUT', path: 'shippo/api-key', request: ShippoKeyBodySchema, answer: ShippoKeyAnswerSchema });
const deleteKey = endpoint({ method: 'DELETE', path: 'shippo/api-key', answer: ShippoKeyAnswerSchema });

/** GET shippo/api-key: whether a key is active in the caller's scope (the key itself never comes back). */
export const useShippoKey = () => useSWR(KEY, () => getKey());

/** PUT shippo/api-key. */
export async function saveShippoKey(body: ShippoKeyBody) {
  await mutate(KEY, await putKey(body), { revalidate: false });
}

/** DELETE shippo/api-key. */
export async function removeShippoKey() {
  await mutate(KEY, await deleteKey(), { revalidate: false });
}
