import { mutate } from 'swr';
import { OkSchema } from '#shared/schemas/common';
import { HolidaysSchema, type Holidays } from '#shared/schemas/vendor-settings';
import { endpoint } from '#web/api/endpoint.ts';
import { SETTINGS_KEY } from '#web/api/get-settings.ts';

const putHolidays = endpoint({ method: 'PUT', path: 'settings/holidays', request: HolidaysSchema, answer: OkSchema });

/** PUT settings/holidays: the vendor's holiday mode, or the marketplace's in its own view. */
export async function saveHolidays(holidays: Holidays) {
  await putHolidays(holidays);
  await mutate(SETTINGS_KEY);
}
