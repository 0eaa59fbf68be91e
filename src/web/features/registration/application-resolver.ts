import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import { vendorApplicationSchemaFor, type RegistrationField, type VendorApplication } from '#shared/schemas/registration';
import {
  nestedMessages,
  toApplicationPayload,
  toFormErrors,
  type ApplicationFormValues,
  type ApplicationInput,
} from './application-form.ts';

/**
 * Validates the form with the very schema the server applies to this store (zodResolver over
 * vendorApplicationSchemaFor), on the payload the form would send; the valid result is that
 * payload, trimmed and lowercased, ready to post.
 */
export function applicationResolver(
  fields: RegistrationField[],
  store: string,
): Resolver<ApplicationFormValues, unknown, VendorApplication> {
  const validate = zodResolver(vendorApplicationSchemaFor(fields));
  return async (values, context, options) => {
    const payloadOptions: ResolverOptions<ApplicationInput> = {
      ...options,
      // The payload has no registered inputs: errors are moved onto the form's own fields below.
      fields: {},
      names: [],
      shouldUseNativeValidation: false,
    };
    const result = await validate(toApplicationPayload(values, fields, store), context, payloadOptions);
    if (Object.keys(result.errors).length === 0) return { values: result.values as VendorApplication, errors: {} };
    return { values: {}, errors: toFormErrors(nestedMessages(result.errors), fields) };
  };
}
