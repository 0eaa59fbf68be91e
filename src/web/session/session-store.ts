import { configureApiClient } from '../api/client.ts';
import { postLogout, postRefresh } from '../api/auth.ts';
import { accessCookieName, detectEmbedded } from './frame.ts';
import { userFromClaims, type SessionUser } from './session-user.ts';
import { decodeTokenClaims, isTokenExpired, msUntilRefresh, readCookie, refreshDelay, type TokenClaims } from './token.ts';

/** After a failed early refresh the token may still be valid for a while: try again this often. */
const RETRY_REFRESH_MS = 10_000;

const embedded = detectEmbedded();
let user: SessionUser | null = null;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (markReady = resolve));
let refreshing: Promise<void> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function readValidClaims(): TokenClaims | null {
  const token = readCookie(document.cookie, accessCookieName(embedded));
  const claims = token ? decodeTokenClaims(token) : null;
  return claims && !isTokenExpired(claims.exp, Date.now()) ? claims : null;
}

/** Takes the claims as the session (null: signed out) and times the next refresh. */
function adopt(claims: TokenClaims | null, refreshInMs: number) {
  user = claims ? userFromClaims(claims, embedded) : null;
  clearTimeout(refreshTimer);
  if (user) refreshTimer = setTimeout(refreshEarly, refreshInMs);
  listeners.forEach((listener) => listener());
}

function refreshEarly() {
  // Another tab may already have refreshed: the cookie is shared, so adopt its newer token.
  const current = readValidClaims();
  if (current && user && current.exp > user.exp && msUntilRefresh(current.exp, Date.now()) > 0) {
    adopt(current, refreshDelay(current, Date.now(), false));
    return;
  }
  void refreshNow();
}

/** One refresh at a time; requests made meanwhile wait for it (waitForSession). */
export function refreshNow(): Promise<void> {
  refreshing ??= (async () => {
    const ok = await postRefresh();
    const claims = readValidClaims();
    // A refused early refresh leaves a token that still works for a while: try again before it lapses.
    const delay = !claims
      ? 0
      : ok
        ? refreshDelay(claims, Date.now(), true)
        : Math.min(RETRY_REFRESH_MS, msUntilRefresh(claims.exp, Date.now(), 0));
    adopt(claims, delay);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Use an unexpired access cookie, else ask for a refresh and read the cookie again, else
 * signed out. Every API request waits for this (configureApiClient) and sends the frame mode.
 */
export async function loadSession(): Promise<SessionUser | null> {
  configureApiClient({ waitForSession, isEmbedded: () => embedded });
  const claims = readValidClaims();
  if (claims) adopt(claims, refreshDelay(claims, Date.now(), false));
  else await refreshNow();
  markReady();
  return user;
}

export async function waitForSession(): Promise<void> {
  await ready;
  if (refreshing) await refreshing;
  // A sleeping laptop delays timers past the expiry: refresh before sending a dead token.
  if (user && isTokenExpired(user.exp, Date.now())) await refreshNow();
}

export function getUser(): SessionUser | null {
  return user;
}

export function isEmbedded(): boolean {
  return embedded;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** End the session on the server, then start over at the app root (a full load resets every cache). */
export async function signOut(siteUrl: string | null = null): Promise<void> {
  await postLogout();
  clearTimeout(refreshTimer);
  window.location.assign(siteUrl ?? '/app');
}
