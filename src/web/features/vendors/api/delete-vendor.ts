import { OkSchema } from '#shared/schemas/common';
import { endpoint } from '#web/api/endpoint.ts';
import { revalidateVendors } from './list-vendors.ts';

const deleteVendorCall = endpoint({ method: 'DELETE', path: 'vendors/{vendor}', pathParams: ['vendor'], answer: OkSchema });

/** DELETE vendors/{vendor}: the vendor and its accounts. */
export async function deleteVendor(vendor: string) {
  await deleteVendorCall({ vendor });
  await revalidateVendors();
}
