import useSWR, { mutate } from 'swr';
import type { z } from 'zod';
import type { Zone, ZoneAnswer, ZonesAnswerSchema, DeliverySettings, DeliverySettingsAnswerSchema } from '#shared/schemas/delivery';
import { endpoint } from '../../../api/endpoint.ts';
import { SETTINGS_KEY } from '../../settings/api/get-settings.ts';

type ZonesAnswer = z.output<typeof ZonesAnswerSchema>;
export type { ZoneAnswer };

const ZONES_KEY = 'settings/delivery/zones';

const getZones = endpoint<Record<string, never>, ZonesAnswer>({ path: 'settings/delivery/zones' });
const postZone = endpoint<{ zone: Zone }, { zone: ZoneAnswer }>({ method: 'POST', path: 'settings/delivery/zone', body: ['zone'] });
const deleteZoneCall = endpoint<{ id: string }, { ok: true }>({ method: 'DELETE', path: 'settings/delivery/zone/{id}', pathParams: ['id'] });
const putSettings = endpoint<DeliverySettings, { delivery: z.output<typeof DeliverySettingsAnswerSchema> }>({
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

/** PUT settings/delivery: answers the stored settings. */
export async function saveDeliverySettings(settings: DeliverySettings) {
  const { delivery } = await putSettings(settings);
  await mutate(SETTINGS_KEY);
  return delivery;
}
