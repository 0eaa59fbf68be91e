import { VendorApplicationSchema, type VendorApplication } from '#shared/schemas/registration';
import { endpoint } from '../../../api/endpoint.ts';

/**
 * POST vendor/application: 201 {ok: true}, or 400 {message, errors[{path, message}]}. Its answer is
 * typed by hand: an endpoint's answer is the 200 one.
 */
export const submitApplication = endpoint<VendorApplication & Record<string, unknown>, { ok: true }>({
  method: 'POST',
  path: 'vendor/application',
  request: VendorApplicationSchema,
});
