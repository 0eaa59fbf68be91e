import type { VendorApplication } from '#shared/schemas/registration';
import { endpoint } from '../../../api/endpoint.ts';

/** POST vendor/application: 201 {ok: true}, or 400 {message, errors[{path, message}]}. */
export const submitApplication = endpoint<VendorApplication & Record<string, unknown>, { ok: true }>({
  method: 'POST',
  path: 'vendor/application',
  body: ['store', 'vendorName', 'email', 'fields'],
});
