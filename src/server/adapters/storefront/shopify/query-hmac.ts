import { hmacHex, safeEqual } from '#server/lib/hashing';

/** How far the platform's clock may be from ours before a signed request counts as replayed. */
export const MAX_CLOCK_SKEW_SECONDS = 90;

/**
 * The message the platform signs for OAuth and admin redirects: every query parameter except `hmac`
 * and `signature`, sorted by name, joined as `k=v` with `&`. Values are form-encoded the way the
 * platform's own library does it, so a `host` ending in `=` verifies too.
 */
export function queryHmacMessage(entries: Iterable<[string, string]>): string {
  const kept = [...entries].filter(([key]) => key !== 'hmac' && key !== 'signature');
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/** The hex HMAC-SHA256 of a query, as the platform puts it in `hmac`. */
export function signQuery(secret: string, entries: Iterable<[string, string]>): string {
  return hmacHex(secret, queryHmacMessage(entries));
}

/** True when the query's `hmac` is the platform's signature of the rest of it (constant-time). */
export function verifyQueryHmac(secret: string, entries: Iterable<[string, string]>): boolean {
  const list = [...entries];
  const presented = list.filter(([key]) => key === 'hmac');
  // No secret means anyone could sign; two hmac values mean the query was tampered with.
  if (!secret || presented.length !== 1) return false;
  return safeEqual(signQuery(secret, list), presented[0][1].toLowerCase());
}

/** True when a signed Unix time (seconds) is within the allowed skew of our clock. */
export function isFreshTimestamp(timestamp: string | number, now: Date, skewSeconds = MAX_CLOCK_SKEW_SECONDS): boolean {
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds)) return false;
  return Math.abs(now.getTime() / 1000 - seconds) <= skewSeconds;
}
