import useSWR, { mutate } from 'swr';
import type { ShippoKeyAnswer, ShippoKeyBody } from '#shared/schemas/shipping';
import { endpoint } from '../../../api/endpoint.ts';

const KEY = ['shippo', 'api-key'];

const getKey = endpoint<Record<string, never>, ShippoKeyAnswer>({ path: 'shippo/api-key' });
const putKey = endpoint<ShippoKeyBody, ShippoKeyAnswer>({ method: 'PUT', path: 'shippo/api-key', body: ['apiKey'] });
const deleteKey = endpoint<Record<string, never>, ShippoKeyAnswer>({ method: 'DELETE', path: 'shippo/api-key' });

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
