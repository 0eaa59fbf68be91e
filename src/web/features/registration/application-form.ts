import { get, type FieldError, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldValue, RegistrationField, VendorApplicationSchema } from '#shared/schemas/registration';

/**
 * What the form holds: the answers by the field's position, not by its key, because a store's keys
 * ($imageUrl, keys with dots) are not safe as react-hook-form paths.
 */
export interface ApplicationFormValues {
  email: string;
  vendorName: string;
  answers: FieldValue[];
}

/** The payload before the schema trims and lowercases it. */
export type ApplicationInput = z.input<typeof VendorApplicationSchema>;

/** An unanswered field: no choices for lists, unticked for terms, empty text for the rest. */
export function emptyAnswer(field: RegistrationField): FieldValue {
  switch (field.type) {
    case 'checkbox':
    case 'media':
      return [];
    case 'terms':
      return false;
    default:
      return '';
  }
}

export function emptyApplication(fields: RegistrationField[]): ApplicationFormValues {
  return { email: '', vendorName: '', answers: fields.map(emptyAnswer) };
}

/**
 * The POST vendor/application body: every field in the store's order with its name. A video has
 * nothing to fill in, so its answer is the video the applicant was shown (which also satisfies a
 * required flag an admin may have set on it).
 */
export function toApplicationPayload(values: ApplicationFormValues, fields: RegistrationField[], store: string): ApplicationInput {
  return {
    store,
    email: values.email,
    vendorName: values.vendorName,
    fields: fields.map((field, index) => ({
      key: field.key,
      name: field.name,
      value: field.type === 'video' ? field.link : (values.answers[index] ?? emptyAnswer(field)),
    })),
  };
}

/** The message at a payload path ("email", "fields.company", "fields.3.value"), wherever the errors come from. */
export type MessageAt = (path: string) => string | undefined;

/** Reads react-hook-form's nested errors, as zodResolver returns them. */
export const nestedMessages =
  (errors: Record<string, unknown>): MessageAt =>
  (path) => {
    const error = get(errors, path) as { message?: unknown } | undefined;
    return typeof error?.message === 'string' ? error.message : undefined;
  };

/** Reads the server's 400 answer: a list of {path, message} with dotted paths. */
export const listedMessages =
  (errors: Record<string, string>): MessageAt =>
  (path) =>
    errors[path];

/**
 * Errors of the payload (email, vendorName, fields.<key> from the store's rules, fields.<index>.value
 * from the base schema) moved to the form's own paths, so each shows under its field.
 */
export function toFormErrors(messageAt: MessageAt, fields: RegistrationField[]): FieldErrors<ApplicationFormValues> {
  const result: FieldErrors<ApplicationFormValues> = {};
  const error = (message: string | undefined): FieldError | undefined => (message ? { type: 'validate', message } : undefined);
  const email = error(messageAt('email'));
  const vendorName = error(messageAt('vendorName'));
  if (email) result.email = email;
  if (vendorName) result.vendorName = vendorName;
  const answers: FieldError[] = [];
  fields.forEach((field, index) => {
    const answer = error(messageAt(`fields.${field.key}`) ?? messageAt(`fields.${index}.value`) ?? messageAt(`fields.${index}`));
    if (answer) answers[index] = answer;
  });
  if (answers.length) result.answers = answers as FieldErrors<ApplicationFormValues>['answers'];
  return result;
}
