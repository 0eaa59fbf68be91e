import { mutate } from 'swr';
import type { Holidays } from '#shared/schemas/vendor-settings';
import { endpoint } from '../../../api/endpoint.ts';
import { SETTINGS_KEY } from '../../../api/get-settings.ts';

const putHolidays = endpoint<Holidays, { ok: true }>({ method: 'PUT', path: 'settings/holidays', body: ['enabled', 'from', 'to', 'message'] });

/** PUT settings/holidays: the vendor's holiday mode, or the marketplace's in its own view. */
export async function saveHolidays(holidays: Holidays) {
  await putHolidays(holidays);
  await mutate(SETTINGS_KEY);
}
