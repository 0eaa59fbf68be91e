import { z } from 'zod';
import { MSG } from '../messages.ts';

/**
 * A key left out is the spec's "Required field", whatever type it should have had (zod's own text,
 * "expected string, received undefined", means nothing to a user), a choice (enum, "Invalid option")
 * or one of several types (union, "Invalid input") alike. Schemas with their own message keep it.
 */
const MISSING_CODES = new Set(['invalid_type', 'invalid_value', 'invalid_union']);
z.config({ customError: (issue) => (MISSING_CODES.has(issue.code ?? '') && issue.input === undefined ? MSG.required : undefined) });

/** A required, trimmed text: empty strings read as missing ("Required field"). */
export const requiredText = (max = 1000) =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, `Must be at most ${max} characters`);

/** E-mail addresses are compared case-insensitively, so they are stored trimmed and lowercased. */
export const EmailSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(254, MSG.invalidEmail)
  .toLowerCase()
  .pipe(z.email({ error: MSG.invalidEmail }));

export const StoreIdSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9-_.]*$/i, MSG.unknownStore);

export const UrlSchema = z.url({ error: MSG.invalidUrl });

/** An ISO 4217 code, as the currency of a stored amount. */
export const CurrencyCodeSchema = z
  .string({ error: MSG.required })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Must be a currency code like EUR');

export const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must match a color like #4f46e5');

/** The error body every failing call answers with. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The answer of a call that only says it worked. */
export const OkSchema = z.object({ ok: z.literal(true) });
