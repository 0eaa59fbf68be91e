import { mutate } from 'swr';
import type { z } from 'zod';
import { OkSchema } from '#shared/schemas/common';
import { ShipFromSchema } from '#shared/schemas/vendor-settings';
import { endpoint } from '#web/api/endpoint.ts';
import { SETTINGS_KEY } from '#web/api/get-settings.ts';

export type ShipFrom = z.output<typeof ShipFromSchema>;

const putShipFrom = endpoint({ method: 'PUT', path: 'settings/ship-from-address', request: ShipFromSchema, answer: OkSchema });

/** PUT settings/ship-from-address: where parcels leave from, the usual parcel, and local pickup. */
export async function saveShipFrom(shipFrom: ShipFrom) {
  await putShipFrom(shipFrom);
  await mutate(SETTINGS_KEY);
}
