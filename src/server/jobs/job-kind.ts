import { z } from 'zod';

/**
 * A kind of job: its type (the name stored with each job) and the schema of its payload. Queueing
 * and running both go through the schema, so a handler never sees a payload its kind does not
 * describe, and a caller cannot queue one.
 */
export interface JobKind<S extends z.ZodType = z.ZodType> {
  readonly type: string;
  readonly payload: S;
}

export const defineJob = <S extends z.ZodType>(type: string, payload: S): JobKind<S> => ({ type, payload });

/** Fields most payloads carry. */
export const jobIds = {
  storeId: z.string().min(1),
  id: z.string().min(1),
  isoTime: z.iso.datetime({ offset: true }),
};
