import type { SessionClaims } from '#shared/permissions';

/** The session claims plus the issue time (seconds), which tells a token's lifetime whatever the local clock says. */
export type TokenClaims = SessionClaims & { iat?: number };

/** The value of one cookie from a `document.cookie` string, or null. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/**
 * The claims of a JWT without checking its signature: the server verifies every call, the SPA only
 * needs the claims to draw the screen and the expiry to know when to refresh. Null when malformed.
 */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!payload || typeof payload !== 'object') return null;
    const claims = payload as Partial<SessionClaims>;
    if (typeof claims.exp !== 'number' || typeof claims.email !== 'string' || typeof claims.store !== 'string') return null;
    return {
      email: claims.email,
      name: typeof claims.name === 'string' ? claims.name : undefined,
      store: claims.store,
      vendor: typeof claims.vendor === 'string' ? claims.vendor : '',
      admin: claims.admin === true,
      exp: claims.exp,
      ...(typeof (claims as { iat?: unknown }).iat === 'number' ? { iat: (claims as { iat: number }).iat } : {}),
    };
  } catch {
    return null;
  }
}

/** A token is expired when its expiry (seconds) is in the past. */
export function isTokenExpired(exp: number, nowMs: number): boolean {
  return exp * 1000 <= nowMs;
}

/** Refresh this long before expiry, so a request never goes out with a token about to lapse. */
export const REFRESH_AHEAD_MS = 60_000;

/** Milliseconds until the token should be refreshed; 0 when that moment has passed. */
export function msUntilRefresh(exp: number, nowMs: number, aheadMs = REFRESH_AHEAD_MS): number {
  return Math.max(0, exp * 1000 - aheadMs - nowMs);
}

/** Never refresh more often than this, whatever the clocks say. */
export const MIN_REFRESH_DELAY_MS = 5_000;

/**
 * When to refresh a token. One the server has just issued is timed by its lifetime (exp − iat), so a
 * local clock that runs ahead of the server's cannot turn refreshing into a storm; one read from an
 * older cookie can only be timed by the local clock.
 */
export function refreshDelay(claims: { exp: number; iat?: number }, nowMs: number, justIssued: boolean): number {
  const delay =
    justIssued && claims.iat !== undefined ? (claims.exp - claims.iat) * 1000 - REFRESH_AHEAD_MS : msUntilRefresh(claims.exp, nowMs);
  return Math.max(MIN_REFRESH_DELAY_MS, delay);
}
