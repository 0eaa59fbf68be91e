import type { RenameVendor } from '#shared/schemas/vendors';
import { endpoint } from '../../../api/endpoint.ts';
import { revalidateVendors } from './list-vendors.ts';

const putRename = endpoint<RenameVendor, { ok: true }>({ method: 'PUT', path: 'vendors/rename', body: ['oldVendor', 'newVendor'] });

export async function renameVendor(input: RenameVendor) {
  await putRename(input);
  await revalidateVendors();
}
