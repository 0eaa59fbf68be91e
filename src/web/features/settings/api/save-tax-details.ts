import { mutate } from 'swr';
import { OkSchema } from '#shared/schemas/common';
import { TaxDetailsBodySchema, type TaxDetails } from '#shared/schemas/vendor-settings';
import { endpoint } from '#web/api/endpoint.ts';
import { SETTINGS_KEY } from '#web/api/get-settings.ts';

const putTaxDetails = endpoint({ method: 'PUT', path: 'settings/tax-details', request: TaxDetailsBodySchema, answer: OkSchema });

/** PUT settings/tax-details: the vendor's tax details for the marketplace's yearly seller report. */
export async function saveTaxDetails(details: TaxDetails) {
  await putTaxDetails(details);
  await mutate(SETTINGS_KEY);
}
