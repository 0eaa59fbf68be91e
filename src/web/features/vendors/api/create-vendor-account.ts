import { VendorIdentitySchema, type VendorIdentity } from '#shared/schemas/vendors';
import { endpoint } from '../../../api/endpoint.ts';
import { revalidateVendors } from './list-vendors.ts';

// Still typed by hand in its answer: the route answers 201, and the endpoint's answer is the 200 one.
const postVendorAccount = endpoint<{ vendor: string } & VendorIdentity, { ok: true }>({
  method: 'POST',
  path: 'vendors/{vendor}',
  pathParams: ['vendor'],
  request: VendorIdentitySchema,
});

/** POST vendors/{vendor}: an account for a vendor that has none; the server mails the invite. */
export async function createVendorAccount(vendor: string, { identity }: VendorIdentity) {
  await postVendorAccount({ vendor, identity });
  await revalidateVendors();
}
