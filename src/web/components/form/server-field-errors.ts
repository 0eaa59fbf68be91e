import { HttpError } from '#web/api/http-error.ts';

/**
 * The messages a failed save puts under fields, as [path, message]: a 400's `errors` by their
 * paths, or a 409 (which names no field) under `conflictField` when the form says where it belongs.
 */
export function serverFieldErrors(error: unknown, conflictField?: string): [string, string][] {
  if (!(error instanceof HttpError)) return [];
  const byPath = Object.entries(error.fieldErrors);
  if (byPath.length === 0 && error.status === 409 && conflictField) return [[conflictField, error.message]];
  return byPath;
}
