import { ProviderError } from './types.ts';

const TIMEOUT_MS = 30_000;

/**
 * One provider call: network failures, timeouts, 429 and 5xx are `unavailable` (the call may have
 * happened), other 4xx `refused` with the provider's own message.
 */
export async function providerFetch(url: string, init: RequestInit, messageOf: (body: unknown) => string | undefined): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError('unavailable', error instanceof Error ? error.message : String(error));
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (res.ok) return body;
  const message = messageOf(body) ?? `HTTP ${res.status}`;
  throw new ProviderError(res.status === 429 || res.status >= 500 ? 'unavailable' : 'refused', message, res.status);
}

export const field = (body: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), body);
