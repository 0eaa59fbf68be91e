import { OkSchema } from '#shared/schemas/common';
import { VendorIdentitySchema, type VendorIdentity } from '#shared/schemas/vendors';
import { endpoint } from '#web/api/endpoint.ts';
import { revalidateVendors } from './list-vendors.ts';

const postVendorAccount = endpoint({
  method: 'POST',
  path: 'vendors/{vendor}',
  pathParams: ['vendor'],
  request: VendorIdentitySchema,
  answer: OkSchema,
});

/** POST vendors/{vendor}: an account for a vendor that has none; the server mails the invite. */
export async function createVendorAccount(vendor: string, { identity }: VendorIdentity) {
  await postVendorAccount({ vendor, identity });
  await revalidateVendors();
}
