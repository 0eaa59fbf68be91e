import ky, { HTTPError, type KyInstance } from 'ky';
import { ENDPOINT_TIMEOUT_MS, HTTP_TIMEOUT_MS } from '#shared/limits';
import { toHttpError } from './http-error.ts';

/**
 * Hooks the session module installs: requests wait for the session token first and
 * carry the X-Iframe header. Kept as injectable functions so this transport has no UI or session code.
 */
let waitForSession: () => Promise<void> = async () => {};
let isEmbedded: () => boolean = () => window.self !== window.top;

export function configureApiClient(options: { waitForSession?: () => Promise<void>; isEmbedded?: () => boolean }) {
  if (options.waitForSession) waitForSession = options.waitForSession;
  if (options.isEmbedded) isEmbedded = options.isEmbedded;
}

/**
 * The spec's retry rules are ky's: at most 2 retries, only for GET, PUT, HEAD, DELETE, OPTIONS,
 * TRACE, on 408, 413, 429, 500, 502, 503, 504; Retry-After honoured for 413, 429, 503; no retry
 * on 413 without Retry-After; backoff 0.3 s doubling.
 */
const retry = {
  limit: 2,
  methods: ['get', 'put', 'head', 'delete', 'options', 'trace'],
  statusCodes: [408, 413, 429, 500, 502, 503, 504],
  afterStatusCodes: [413, 429, 503],
  backoffLimit: Infinity,
  delay: (attempt: number) => 0.3 * 2 ** (attempt - 1) * 1000,
};

function create(timeout: number, skipSession = false): KyInstance {
  return ky.create({
    prefixUrl: '/api',
    timeout,
    retry,
    credentials: 'same-origin',
    hooks: {
      beforeRequest: [
        async (request) => {
          if (!skipSession) await waitForSession();
          request.headers.set('X-Iframe', String(isEmbedded()));
        },
      ],
    },
  });
}

/** The shared client: 10 s timeout. */
export const http = create(HTTP_TIMEOUT_MS);
/** The endpoint-driven client: the spec's 150000000 ms timeout. */
export const endpointHttp = create(ENDPOINT_TIMEOUT_MS);
/** For the session calls themselves (refresh, login), which must not wait for the session. */
export const sessionHttp = create(HTTP_TIMEOUT_MS, true);

/** Runs a ky request and turns non-OK answers into HttpError with the server's message. */
export async function call<T>(request: () => Promise<Response>, method: string, as: 'json' | 'text' = 'json'): Promise<T> {
  try {
    const response = await request();
    if (as === 'text') return (await response.text()) as T;
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    if (error instanceof HTTPError) throw await toHttpError(error.response, method);
    throw error;
  }
}
