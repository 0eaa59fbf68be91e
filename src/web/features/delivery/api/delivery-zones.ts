import useSWR, { mutate } from 'swr';
import {
  DeliveryAnswerSchema,
  DeliveryOptionsAnswerSchema,
  DeliveryPreviewBodySchema,
  DeliveryScopeQuerySchema,
  DeliverySettingsSchema,
  SavedZoneAnswerSchema,
  SaveZoneSchema,
  ZoneDeletedAnswerSchema,
  ZonesAnswerSchema,
  type DeliverySettings,
  type Zone,
  type ZoneAnswer,
} from '#shared/schemas/delivery';
import { endpoint } from '#web/api/endpoint.ts';

export type { ZoneAnswer };

const ZONES_KEY = 'settings/delivery/zones';
const DELIVERY_KEY = 'settings/delivery';

const getZones = endpoint({ path: 'settings/delivery/zones', request: DeliveryScopeQuerySchema, answer: ZonesAnswerSchema });
const postZone = endpoint({ method: 'POST', path: 'settings/delivery/zone', request: SaveZoneSchema, answer: SavedZoneAnswerSchema });
const deleteZoneCall = endpoint({
  method: 'DELETE',
  path: 'settings/delivery/zone/{id}',
  pathParams: ['id'],
  answer: ZoneDeletedAnswerSchema,
});
const getSettings = endpoint({ path: 'settings/delivery', request: DeliveryScopeQuerySchema, answer: DeliveryAnswerSchema });
const putSettings = endpoint({ method: 'PUT', path: 'settings/delivery', request: DeliverySettingsSchema, answer: DeliveryAnswerSchema });

/** GET settings/delivery/zones: the zones of the signed-in scope and the markets the editor offers. */
export function useDeliveryZones() {
  return useSWR(ZONES_KEY, () => getZones(), { revalidateOnFocus: false });
}

/** POST settings/delivery/zone: creates, or updates the zone with zone.id. */
export async function saveZone(zone: Zone): Promise<ZoneAnswer> {
  const { zone: saved } = await postZone({ zone });
  await mutate(ZONES_KEY);
  return saved;
}

/** DELETE settings/delivery/zone/{id}. */
export async function deleteZone(id: string) {
  await deleteZoneCall({ id });
  await mutate(ZONES_KEY);
}

/** GET settings/delivery: the delivery settings of the signed-in scope (defaults until saved). */
export function useDeliverySettings() {
  return useSWR(DELIVERY_KEY, () => getSettings(), { revalidateOnFocus: false });
}

/** PUT settings/delivery: answers the stored settings. */
export async function saveDeliverySettings(settings: DeliverySettings) {
  const answer = await putSettings(settings);
  await mutate(DELIVERY_KEY, answer, { revalidate: false });
  return answer.delivery;
}

/** POST settings/delivery/preview: the options a buyer sees for a cart of the scope's products, from the saved settings. */
export const previewDeliveryOptions = endpoint({
  method: 'POST',
  path: 'settings/delivery/preview',
  request: DeliveryPreviewBodySchema,
  answer: DeliveryOptionsAnswerSchema,
});
