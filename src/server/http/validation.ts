import { z } from 'zod';
import type { FastifySchemaCompiler } from 'fastify';
// Also sets the zod messages of the whole product: a missing key reads "Required field".
import '#shared/schemas/common';
import { AppError, type FieldError } from './errors.ts';

/** The message of a key the call does not know (a typo would otherwise be dropped in silence). */
export const UNKNOWN_FIELD = 'Unknown field';

/** Field errors of zod issues; unknown keys first, since a misspelled key also leaves its field missing. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const unknown = issues.flatMap((i) =>
    i.code === 'unrecognized_keys' ? i.keys.map((key) => ({ path: [...i.path, key].map(String).join('.'), message: UNKNOWN_FIELD })) : [],
  );
  const others = issues
    .filter((i) => i.code !== 'unrecognized_keys')
    .map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return [...unknown, ...others];
}

/** The answer's headline: the first error, naming the key when it is an unknown one. */
export function firstMessage(errors: readonly FieldError[]): string {
  const [first] = errors;
  if (!first) return 'Invalid input';
  return first.message === UNKNOWN_FIELD ? `${UNKNOWN_FIELD}: ${first.path}` : first.message;
}

/** Validates with a shared schema inside a handler (for rules that depend on stored data). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = issuesToFieldErrors(result.error.issues);
    throw new AppError('bad_request', firstMessage(errors), errors);
  }
  return result.data;
}

const strictCache = new WeakMap<z.core.$ZodType, z.core.$ZodType>();

/**
 * The same schema with every object in it refusing keys it does not name, at any depth. Objects
 * that say what to do with other keys (`.loose()`, `.catchall()`) keep their rule. Input read from
 * requests goes through this, so a misspelled key is a 400 instead of a field silently dropped,
 * while the shared schemas stay lenient for reading stored data written by older versions.
 */
export function strictInput<S extends z.core.$ZodType>(schema: S): S {
  const cached = strictCache.get(schema);
  if (cached) return cached as S;
  const strict = rebuild(schema);
  strictCache.set(schema, strict);
  return strict as S;
}

function rebuild(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string) => strictInput(def[key] as z.core.$ZodType);
  const clone = (changes: Record<string, unknown>) => (schema as z.ZodType).clone({ ...def, ...changes } as typeof def);
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(Object.entries(def.shape as Record<string, z.core.$ZodType>).map(([k, v]) => [k, strictInput(v)]));
      return clone({ shape, catchall: def.catchall ? inner('catchall') : z.never() });
    }
    case 'array':
      return clone({ element: inner('element') });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return clone({ innerType: inner('innerType') });
    case 'pipe':
      return clone({ in: inner('in'), out: inner('out') });
    case 'union':
      return clone({ options: (def.options as z.core.$ZodType[]).map((o) => strictInput(o)) });
    case 'record':
      return clone({ valueType: inner('valueType') });
    case 'tuple':
      return clone({ items: (def.items as z.core.$ZodType[]).map((o) => strictInput(o)), rest: def.rest ? inner('rest') : null });
    case 'lazy': {
      const getter = def.getter as () => z.core.$ZodType;
      return z.lazy(() => strictInput(getter()));
    }
    // An intersection's sides each name only part of the keys, so neither may refuse the others'.
    default:
      return schema;
  }
}

/**
 * The route validator: the zod type provider's rule, with bodies and query strings strict (see
 * strictInput). Path parameters and headers are left as declared.
 */
export const strictValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = ({ schema, httpPart }) => {
  const checked = httpPart === 'body' || httpPart === 'querystring' ? strictInput(schema) : schema;
  return (data) => {
    const result = z.safeParse(checked, data);
    if (result.success) return { value: result.data };
    const errors = issuesToFieldErrors(result.error.issues);
    return { error: new AppError('bad_request', firstMessage(errors), errors) };
  };
};
