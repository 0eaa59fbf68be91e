import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_DAYS } from './tokens.ts';

/** The SPA reads the access cookie; the embedded app gets its own names so both modes can coexist. */
export const COOKIE = {
  access: { standalone: 'mp_session', embedded: 'mp_session_embedded' },
  refresh: { standalone: 'mp_refresh', embedded: 'mp_refresh_embedded' },
} as const;

const REFRESH_PATH = '/api/auth';

export type FrameMode = 'embedded' | 'standalone';

/**
 * The X-Iframe header: required on cookie-authenticated calls (a cross-site form cannot send a
 * custom header) and used to pick the cookie pair. Null when absent or malformed.
 */
export function frameMode(request: FastifyRequest): FrameMode | null {
  const value = request.headers['x-iframe'];
  if (value === 'true') return 'embedded';
  if (value === 'false') return 'standalone';
  return null;
}

function cookieBase(request: FastifyRequest, mode: FrameMode) {
  const https = request.protocol === 'https';
  // Inside a third-party frame a cookie must be SameSite=None, which browsers only take when Secure
  // (localhost counts as secure for Chromium).
  if (mode === 'embedded') return { secure: true, sameSite: 'none' as const };
  return { secure: https, sameSite: 'lax' as const };
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  mode: FrameMode,
  access: { token: string; exp: number },
  refresh?: string,
) {
  const base = cookieBase(request, mode);
  reply.setCookie(COOKIE.access[mode], access.token, {
    ...base,
    path: '/',
    httpOnly: false,
    expires: new Date(access.exp * 1000),
  });
  if (refresh) {
    reply.setCookie(COOKIE.refresh[mode], refresh, {
      ...base,
      path: REFRESH_PATH,
      httpOnly: true,
      maxAge: REFRESH_TOKEN_DAYS * 24 * 3600,
    });
  }
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, mode: FrameMode) {
  const base = cookieBase(request, mode);
  reply.clearCookie(COOKIE.access[mode], { ...base, path: '/' });
  reply.clearCookie(COOKIE.refresh[mode], { ...base, path: REFRESH_PATH, httpOnly: true });
}
