export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDefinition {
  method?: Method;
  /** e.g. 'products-v2/{productId}'; placeholders are filled from `pathParams`, URL-encoded. */
  path: string;
  pathParams?: readonly string[];
  query?: readonly string[];
  body?: readonly string[];
  /** Parse the answer as text instead of JSON. */
  responseType?: 'json' | 'text';
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
  const searchParams = new URLSearchParams();
  for (const name of definition.query ?? []) {
    const value = input[name];
    if (value !== undefined && value !== null && value !== '') searchParams.set(name, String(value));
  }
  const json =
    method === 'GET' || !definition.body
      ? undefined
      : Object.fromEntries(definition.body.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
  return { method, path: path.replace(/^\//, ''), searchParams, json };
}

