import { OkSchema } from '#shared/schemas/common';
import { VendorApplicationSchema } from '#shared/schemas/registration';
import { endpoint } from '#web/api/endpoint.ts';

/** POST vendor/application: 201 {ok: true}, or 400 {message, errors[{path, message}]}. */
export const submitApplication = endpoint({
  method: 'POST',
  path: 'vendor/application',
  request: VendorApplicationSchema,
  answer: OkSchema,
});
