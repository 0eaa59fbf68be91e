import type { z } from 'zod';
import { AppError, type FieldError } from './errors.ts';

export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Validates with a shared schema inside a handler (for rules that depend on stored data). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = issuesToFieldErrors(result.error.issues);
    throw new AppError('bad_request', errors[0]?.message ?? 'Invalid input', errors);
  }
  return result.data;
}
