import type { z } from 'zod';

/**
 * A value of the address (a list's ?filter=) as the server's own schema reads it: a hand-edited
 * value it would refuse, or none, gives the list's default.
 */
export function addressValue<S extends z.ZodType>(schema: S, raw: string | null, fallback: NonNullable<z.output<S>>): NonNullable<z.output<S>> {
  const result = schema.safeParse(raw ?? undefined);
  return result.success && result.data !== undefined ? (result.data as NonNullable<z.output<S>>) : fallback;
}
