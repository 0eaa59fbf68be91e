import { call, endpointHttp } from './client.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

/**
 * The generic client of spec §7: an endpoint names its method (default GET), its path with
 * {param} placeholders, and which input fields go to the path, the query and the body.
 * GET sends no body; other methods send JSON.
 */
export function endpoint<Input extends Record<string, unknown>, Output>(definition: EndpointDefinition) {
  const method = definition.method ?? 'GET';
  return (input: Input = {} as Input): Promise<Output> => {
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
    return call<Output>(
      () => endpointHttp(path.replace(/^\//, ''), { method, searchParams, json }),
      method,
      definition.responseType ?? 'json',
    );
  };
}
