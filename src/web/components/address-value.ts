import type { z } from 'zod';

/**
 * A value of the address (a list's ?filter=) as the server's own schema reads it: a hand-edited
 * value it would refuse, or none, gives the list's default.
 */
export function addressValue<S extends z.ZodType>(
  schema: S,
  raw: string | null,
  fallback: NonNullable<z.output<S>>,
): NonNullable<z.output<S>> {
  const result = schema.safeParse(raw ?? undefined);
  return result.success && result.data !== undefined ? (result.data as NonNullable<z.output<S>>) : fallback;
}

/**
 * A list's state kept in the address, so a reload, a shared link and the back button give the same
 * page: each key is read with the schema of the server's query field it goes to, and defaults are
 * left out of the address (the page last).
 */
export function addressState<State extends { page: number }>(defaults: State, fieldOf: { [K in keyof State]: z.ZodType }) {
  const keys = (Object.keys(defaults) as (keyof State & string)[]).filter((key) => key !== 'page');
  const withPage = [...keys, 'page' as keyof State & string];
  return {
    read(params: URLSearchParams): State {
      const read = (key: keyof State & string) => [
        key,
        addressValue(fieldOf[key] as z.ZodType<unknown>, params.get(key), defaults[key] as NonNullable<unknown>),
      ];
      return Object.fromEntries(withPage.map(read)) as State;
    },
    write(state: State): URLSearchParams {
      const params = new URLSearchParams();
      for (const key of withPage) if (state[key] !== defaults[key]) params.set(key, String(state[key]));
      return params;
    },
    /** Any filter away from its default (the page aside). */
    isFiltered(state: State): boolean {
      return keys.some((key) => state[key] !== defaults[key]);
    },
  };
}
