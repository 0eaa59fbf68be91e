import useSWR, { mutate } from 'swr';
import type { z } from 'zod';
import { DeliveryOptionsAnswerSchema, DeliveryPreviewBodySchema, type Zone, type ZoneAnswer, type ZonesAnswerSchema, type DeliverySettings, type DeliverySettingsAnswerSchema } from '#shared/schemas/delivery';
import { endpoint } from '../../../api/endpoint.ts';

type ZonesAnswer = z.output<typeof ZonesAnswerSchema>;
export type { ZoneAnswer };

const ZONES_KEY = 'settings/delivery/zones';
const DELIVERY_KEY = 'settings/delivery';
type DeliveryAnswer = { delivery: z.output<typeof DeliverySettingsAnswerSchema> };

const getZones = endpoint<Record<string, never>, ZonesAnswer>({ path: 'settings/delivery/zones' });
const postZone = endpoint<{ zone: Zone }, { zone: ZoneAnswer }>({ method: 'POST', path: 'settings/delivery/zone', body: ['zone'] });
const deleteZoneCall = endpoint<{ id: string }, { ok: true }>({ method: 'DELETE', path: 'settings/delivery/zone/{id}', pathParams: ['id'] });
const getSettings = endpoint<Record<string, never>, DeliveryAnswer>({ path: 'settings/delivery' });
const putSettings = endpoint<DeliverySettings, DeliveryAnswer>({
  method: 'PUT',
  path: 'settings/delivery',
  body: ['enabled', 'rateNames', 'shippo', 'enableLiveRates', 'enableFlatRates', 'enableLocalPickup', 'enableRateNames', 'defaultShipping'],
});

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
export const previewDeliveryOptions = endpoint({ method: 'POST', path: 'settings/delivery/preview', request: DeliveryPreviewBodySchema, answer: DeliveryOptionsAnswerSchema });
