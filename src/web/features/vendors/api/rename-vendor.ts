import { OkSchema } from '#shared/schemas/common';
import { RenameVendorSchema, type RenameVendor } from '#shared/schemas/vendors';
import { endpoint } from '#web/api/endpoint.ts';
import { revalidateVendors } from './list-vendors.ts';

const putRename = endpoint({ method: 'PUT', path: 'vendors/rename', request: RenameVendorSchema, answer: OkSchema });

export async function renameVendor(input: RenameVendor) {
  await putRename(input);
  await revalidateVendors();
}
