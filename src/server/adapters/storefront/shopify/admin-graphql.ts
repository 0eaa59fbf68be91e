import { StorefrontSyncError } from '../types.ts';

/** `extensions.cost` of every Admin GraphQL answer (leaky bucket of query cost points). */
export interface QueryCost {
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  throttleStatus?: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
  extensions?: { cost?: QueryCost };
}

export interface AdminGraphqlOptions {
  shop: string;
  accessToken: string;
  apiVersion: string;
  /** The admin origin of a shop; `https://{shop}` by default, an in-process fake in tests. */
  baseUrlFor?: (shop: string) => string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Attempts of one call through throttling, 429 and 5xx answers. */
  maxAttempts?: number;
  timeoutMs?: number;
}

export interface AdminGraphqlClient {
  /** Runs one query or mutation; throws StorefrontSyncError for transport, HTTP and top-level GraphQL errors. */
  request<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** The cost assumed for a call never seen before (a productSet of a few variants costs about this much). */
const DEFAULT_COST = 10;
const MAX_BACKOFF_MS = 30_000;
const operationName = (query: string) => /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? query.slice(0, 80);

/**
 * A client of one shop's Admin GraphQL API that honours the platform's rate limit: it keeps the
 * bucket state of the last answer (`extensions.cost.throttleStatus`), waits before a call when the
 * points restored since are fewer than the call is expected to cost, and retries THROTTLED answers,
 * 429 and 5xx with exponential backoff (at least the time the bucket needs to refill).
 */
export function createAdminGraphqlClient(options: AdminGraphqlOptions): AdminGraphqlClient {
  const baseUrlFor = options.baseUrlFor ?? ((shop: string) => `https://${shop}`);
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 6;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const url = `${baseUrlFor(options.shop)}/admin/api/${options.apiVersion}/graphql.json`;
  let bucket: { available: number; maximum: number; restoreRate: number; at: number } | null = null;
  const costs = new Map<string, number>();

  /** Milliseconds until the bucket holds `cost` points (0 when it already does or is unknown). */
  const waitFor = (cost: number) => {
    if (!bucket || bucket.restoreRate <= 0) return 0;
    const restored = Math.min(bucket.maximum, bucket.available + ((now() - bucket.at) / 1000) * bucket.restoreRate);
    const wanted = Math.min(cost, bucket.maximum);
    return restored >= wanted ? 0 : Math.ceil(((wanted - restored) / bucket.restoreRate) * 1000);
  };
  const remember = (operation: string, cost: QueryCost | undefined) => {
    const status = cost?.throttleStatus;
    if (status)
      bucket = { available: status.currentlyAvailable, maximum: status.maximumAvailable, restoreRate: status.restoreRate, at: now() };
    if (typeof cost?.requestedQueryCost === 'number') costs.set(operation, cost.requestedQueryCost);
  };
  const backoff = (attempt: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempt - 1));

  return {
    async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
      const operation = operationName(query);
      let lastProblem = '';
      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        const wait = waitFor(costs.get(operation) ?? DEFAULT_COST);
        if (wait > 0) await sleep(wait);
        let response: Response;
        try {
          response = await doFetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'X-Shopify-Access-Token': options.accessToken },
            body: JSON.stringify({ query, variables }),
            redirect: 'error',
            signal: AbortSignal.timeout(timeoutMs),
          });
        } catch (error) {
          lastProblem = `the platform could not be reached (${error instanceof Error ? error.message : String(error)})`;
          if (attempt < maxAttempts) await sleep(backoff(attempt));
          continue;
        }
        if (response.status === 429 || response.status >= 500) {
          lastProblem = `the platform answered ${response.status}`;
          const retryAfter = Number(response.headers.get('retry-after'));
          if (attempt < maxAttempts) await sleep(Math.max(backoff(attempt), Number.isFinite(retryAfter) ? retryAfter * 1000 : 0));
          continue;
        }
        if (response.status === 401 || response.status === 403) {
          throw new StorefrontSyncError(`The platform refused the shop's access token (${response.status}); reinstall the app`, false);
        }
        if (!response.ok) throw new StorefrontSyncError(`The platform answered ${response.status} to ${operation}`, false);
        const body = (await response.json().catch(() => null)) as GraphqlAnswer<T> | null;
        if (!body) throw new StorefrontSyncError(`The platform answered ${operation} with something that is not JSON`, true);
        remember(operation, body.extensions?.cost);
        const errors = body.errors ?? [];
        if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
          lastProblem = 'the platform kept throttling the calls';
          if (attempt < maxAttempts) await sleep(Math.max(backoff(attempt), waitFor(costs.get(operation) ?? DEFAULT_COST)));
          continue;
        }
        if (errors.length) {
          const message = errors.map((e) => e.message ?? e.extensions?.code ?? 'error').join('; ');
          throw new StorefrontSyncError(`The platform refused ${operation}: ${message}`, false);
        }
        if (!body.data) throw new StorefrontSyncError(`The platform answered ${operation} without data`, true);
        return body.data;
      }
      throw new StorefrontSyncError(`${operation} failed after ${maxAttempts} attempts: ${lastProblem}`, true);
    },
  };
}
