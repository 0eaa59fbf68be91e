import { call, endpointHttp } from './client.ts';
import { buildEndpointRequest, type EndpointDefinition } from './endpoint-request.ts';

export type { EndpointDefinition } from './endpoint-request.ts';

/**
 * The generic client of spec §7: an endpoint names its method (default GET), its path with
 * {param} placeholders, and which input fields go to the path, the query and the body.
 * GET sends no body; other methods send JSON.
 */
export function endpoint<Input extends Record<string, unknown>, Output>(definition: EndpointDefinition) {
  return (input: Input = {} as Input): Promise<Output> => {
    const { method, path, searchParams, json } = buildEndpointRequest(definition, input);
    return call<Output>(() => endpointHttp(path, { method, searchParams, json }), method, definition.responseType ?? 'json');
  };
}
