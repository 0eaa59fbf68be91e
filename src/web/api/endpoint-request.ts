import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDefinition {
  method?: Method;
  /** e.g. 'products-v2/{productId}'; placeholders are filled from `pathParams`, URL-encoded. */
  path: string;
  pathParams?: readonly string[];
  /** The query fields; a GET with a `request` schema sends that schema's fields. */
  query?: readonly string[];
  /** The body fields; a call with a `request` schema sends that schema's fields (less the path's). */
  body?: readonly string[];
  /** The shared schema the server checks the body (or a GET's query) with: the one contract of the call. */
  request?: z.ZodType;
  /** The shared schema of the server's 200 answer. */
  answer?: z.ZodType;
  /**
   * The schemas, fetched only by the contract test: for a call of the sign-in page, whose first
   * load must not carry zod (such a GET names its `query` fields, so it needs no schema to run).
   */
  contract?: () => Promise<{ request?: z.ZodType; answer: z.ZodType }>;
  /** Parse the answer as text instead of JSON. */
  responseType?: 'json' | 'text';
}

type SchemaDef = {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: { def: { type: string } };
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
};

/**
 * The field names of an object schema (also through .and() and a pipe's input); null when the
 * schema takes any other key too (a loose object), so the whole input is the body.
 */
export function schemaFields(schema: z.ZodType): string[] | null {
  const def = (schema as unknown as { def: SchemaDef }).def;
  if (def.type === 'object') return def.catchall && def.catchall.def.type !== 'never' ? null : Object.keys(def.shape ?? {});
  if (def.type === 'intersection' && def.left && def.right) {
    const [left, right] = [schemaFields(def.left), schemaFields(def.right)];
    return left && right ? [...left, ...right] : null;
  }
  if (def.type === 'pipe' && def.in) return schemaFields(def.in);
  return [];
}

/** Which input fields go to the query and which to the body: named, or those of the request schema. */
function fieldsOf(definition: EndpointDefinition, method: Method, input: Record<string, unknown>) {
  const own = (fields: readonly string[]) => fields.filter((f) => !definition.pathParams?.includes(f));
  const fromSchema = definition.request ? own(schemaFields(definition.request) ?? Object.keys(input)) : [];
  return {
    query: definition.query ?? (method === 'GET' ? fromSchema : []),
    body:
      definition.body ?? (method === 'GET' || !definition.request ? undefined : fromSchema.filter((f) => !definition.query?.includes(f))),
  };
}

export interface EndpointRequest {
  method: Method;
  /** Relative to the client's /api prefix (no leading slash). */
  path: string;
  searchParams: URLSearchParams;
  json: Record<string, unknown> | undefined;
}

/** The request an endpoint makes for an input: kept pure so the path, query and body rules are testable. */
export function buildEndpointRequest(definition: EndpointDefinition, input: Record<string, unknown>): EndpointRequest {
  const method = definition.method ?? 'GET';
  const path = (definition.pathParams ?? []).reduce(
    (p, name) => p.replace(`{${name}}`, encodeURIComponent(String(input[name] ?? ''))),
    definition.path,
  );
  const fields = fieldsOf(definition, method, input);
  const searchParams = new URLSearchParams();
  for (const name of fields.query) {
    const value = input[name];
    if (value !== undefined && value !== null && value !== '') searchParams.set(name, String(value));
  }
  const json =
    method === 'GET' || !fields.body
      ? undefined
      : Object.fromEntries(fields.body.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
  return { method, path: path.replace(/^\//, ''), searchParams, json };
}
