import type { z } from 'zod';
import { call, endpointHttp } from './client.ts';
import { buildEndpointRequest, type EndpointDefinition } from './endpoint-request.ts';

export type { EndpointDefinition } from './endpoint-request.ts';

export type Endpoint<Input, Output> = ((input?: Input) => Promise<Output>) & { definition: EndpointDefinition };

/** Every endpoint the app defines, so a test can hold each against the server's route table. */
export const ENDPOINTS: EndpointDefinition[] = [];

type PathInput<P extends string> = { [K in P]: string };

/**
 * The generic client: an endpoint names its method (default GET), its path with
 * {param} placeholders, and the shared schemas of its request and answer, which give its types and
 * which fields go to the body (or a GET's query). GET sends no body; other methods send JSON.
 */
export function endpoint<Request extends z.ZodType, Answer extends z.ZodType, P extends string = never>(
  definition: EndpointDefinition & { request: Request; answer: Answer; pathParams?: readonly P[] },
): Endpoint<z.input<Request> & PathInput<P>, z.output<Answer>>;
export function endpoint<Answer extends z.ZodType, P extends string = never>(
  definition: EndpointDefinition & { request?: undefined; answer: Answer; pathParams?: readonly P[] },
): Endpoint<PathInput<P> & Record<string, unknown>, z.output<Answer>>;
/** An endpoint of the first load: its schemas come in a chunk of their own, asked for by the contract test only. */
export function endpoint<Contract extends { request: z.ZodType; answer: z.ZodType }, P extends string = never>(
  definition: Omit<EndpointDefinition, 'contract'> & {
    contract: () => Promise<Contract>;
    query: readonly string[];
    pathParams?: readonly P[];
  },
): Endpoint<z.input<Contract['request']> & PathInput<P>, z.output<Contract['answer']>>;
export function endpoint(definition: EndpointDefinition) {
  ENDPOINTS.push(definition);
  const run = (input: Record<string, unknown> = {}) => {
    const { method, path, searchParams, json } = buildEndpointRequest(definition, input);
    return call<unknown>(() => endpointHttp(path, { method, searchParams, json }), method, definition.responseType ?? 'json');
  };
  return Object.assign(run, { definition });
}
