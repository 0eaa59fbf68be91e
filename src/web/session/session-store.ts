import { configureApiClient } from '../api/client.ts';
import { postLogout, postRefresh } from '../api/auth.ts';
import { accessCookieName, detectEmbedded } from './frame.ts';
import { userFromClaims, type SessionUser } from './session-user.ts';
import { decodeTokenClaims, isTokenExpired, msUntilRefresh, readCookie } from './token.ts';

/** After a failed early refresh the token may still be valid for a while: try again this often. */
const RETRY_REFRESH_MS = 10_000;

const embedded = detectEmbedded();
let user: SessionUser | null = null;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (markReady = resolve));
let refreshing: Promise<void> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function readValidClaims() {
  const token = readCookie(document.cookie, accessCookieName(embedded));
  const claims = token ? decodeTokenClaims(token) : null;
  return claims && !isTokenExpired(claims.exp, Date.now()) ? claims : null;
}

function setUser(next: SessionUser | null, refreshInMs?: number) {
  user = next;
  clearTimeout(refreshTimer);
  if (next) refreshTimer = setTimeout(refreshEarly, refreshInMs ?? msUntilRefresh(next.exp, Date.now()));
  listeners.forEach((listener) => listener());
}

function adopt(claims: ReturnType<typeof readValidClaims>, refreshInMs?: number) {
  setUser(claims ? userFromClaims(claims, embedded) : null, refreshInMs);
}

function refreshEarly() {
  // Another tab may already have refreshed: the cookie is shared, so adopt its newer token.
  const current = readValidClaims();
  if (current && user && current.exp > user.exp && msUntilRefresh(current.exp, Date.now()) > 0) {
    adopt(current);
    return;
  }
  void refreshNow();
}

/** One refresh at a time; requests made meanwhile wait for it (waitForSession). */
export function refreshNow(): Promise<void> {
  refreshing ??= (async () => {
    const ok = await postRefresh();
    const claims = readValidClaims();
    const stillEarly = !ok && claims ? Math.min(RETRY_REFRESH_MS, msUntilRefresh(claims.exp, Date.now(), 0)) : undefined;
    adopt(claims, stillEarly);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Spec §4: use an unexpired access cookie, else ask for a refresh and read the cookie again, else
 * signed out. Every API request waits for this (configureApiClient) and sends the frame mode.
 */
export async function loadSession(): Promise<SessionUser | null> {
  configureApiClient({ waitForSession, isEmbedded: () => embedded });
  const claims = readValidClaims();
  if (claims) adopt(claims);
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

/** Spec §4: end the session on the server, then start over at the app root (a full load resets every cache). */
export async function signOut(): Promise<void> {
  await postLogout();
  clearTimeout(refreshTimer);
  window.location.assign('/app');
}
