import { mutate } from 'swr';
import type { z } from 'zod';
import { OkSchema } from '#shared/schemas/common';
import { CurrencySchema } from '#shared/schemas/vendor-settings';
import { endpoint } from '#web/api/endpoint.ts';
import { SETTINGS_KEY } from '#web/api/get-settings.ts';

type Currency = z.output<typeof CurrencySchema>;

const putCurrency = endpoint({ method: 'PUT', path: 'settings/currency', request: CurrencySchema, answer: OkSchema });

/** PUT settings/currency: the display currency of the vendor, or of the marketplace in its own view. */
export async function saveCurrency(currency: Currency) {
  await putCurrency(currency);
  await mutate(SETTINGS_KEY);
}
