import { endpoint } from '../../../api/endpoint.ts';
import { revalidateVendors } from './list-vendors.ts';

const deleteVendorCall = endpoint<{ vendor: string }, { ok: true }>({ method: 'DELETE', path: 'vendors/{vendor}', pathParams: ['vendor'] });

/** DELETE vendors/{vendor}: the vendor and its accounts. */
export async function deleteVendor(vendor: string) {
  await deleteVendorCall({ vendor });
  await revalidateVendors();
}
