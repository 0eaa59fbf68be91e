import useSWR from 'swr';
import { ShippoKeyAnswerSchema } from '#shared/schemas/shipping';
import { endpoint } from '#web/api/endpoint.ts';

const getShippoKey = endpoint({ path: 'shippo/api-key', answer: ShippoKeyAnswerSchema });

/** GET shippo/api-key: whose Shippo account live rates would use here, and whether the caller may connect one. */
export const useShippoAccount = () => useSWR('shippo/api-key', () => getShippoKey());
