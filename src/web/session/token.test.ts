import { describe, expect, it } from 'vitest';
import {
  decodeTokenClaims,
  isTokenExpired,
  MIN_REFRESH_DELAY_MS,
  msUntilRefresh,
  readCookie,
  REFRESH_AHEAD_MS,
  refreshDelay,
} from './token.ts';

/** An unsigned JWT of these claims, base64url-encoded as a server would send it. */
function tokenOf(payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

const claims = { email: 'admin@demo.test', name: 'Démo Ådmin', store: 'demo', vendor: '*', admin: true, exp: 1_900_000_000 };

describe('readCookie', () => {
  it('finds one cookie among others, decoding it', () => {
    const cookies = 'mp_session_embedded=embedded; mp_session=abc%3D; theme=dark';
    expect(readCookie(cookies, 'mp_session')).toBe('abc=');
    expect(readCookie(cookies, 'mp_session_embedded')).toBe('embedded');
    expect(readCookie(cookies, 'missing')).toBeNull();
    expect(readCookie('', 'mp_session')).toBeNull();
  });
});

describe('decodeTokenClaims', () => {
  it('reads the claims of a token, UTF-8 included', () => {
    expect(decodeTokenClaims(tokenOf({ ...claims, sub: 'u1', typ: 'access' }))).toEqual(claims);
  });

  it('fills an absent name and vendor and a non-true admin flag', () => {
    const { name: _name, ...rest } = claims;
    expect(decodeTokenClaims(tokenOf({ ...rest, vendor: undefined, admin: 'yes' }))).toEqual({
      ...rest,
      name: undefined,
      vendor: '',
      admin: false,
    });
  });

  it.each([
    ['not a token', 'abc'],
    ['bad base64', 'a.%%%.c'],
    ['no JSON', `a.${Buffer.from('nope').toString('base64url')}.c`],
    ['no expiry', tokenOf({ ...claims, exp: undefined })],
    ['no email', tokenOf({ ...claims, email: 1 })],
  ])('is null for %s', (_case, token) => {
    expect(decodeTokenClaims(token)).toBeNull();
  });
});

describe('token expiry (exp in seconds)', () => {
  it('is expired once exp is reached', () => {
    expect(isTokenExpired(1000, 999_999)).toBe(false);
    expect(isTokenExpired(1000, 1_000_000)).toBe(true);
    expect(isTokenExpired(1000, 1_000_001)).toBe(true);
  });

  it('schedules the refresh a minute before expiry, never in the past', () => {
    const now = 1_000_000;
    expect(msUntilRefresh(now / 1000 + 15 * 60, now)).toBe(15 * 60_000 - REFRESH_AHEAD_MS);
    expect(msUntilRefresh(now / 1000 + 30, now)).toBe(0);
    expect(msUntilRefresh(now / 1000 - 30, now)).toBe(0);
    expect(msUntilRefresh(now / 1000 + 30, now, 0)).toBe(30_000);
  });
});

describe('refreshDelay', () => {
  const now = 1_000_000_000_000;
  const fresh = { iat: now / 1000, exp: now / 1000 + 15 * 60 };

  it('times a just-issued token by its lifetime, a minute early', () => {
    expect(refreshDelay(fresh, now, true)).toBe(14 * 60_000);
  });

  it('is not fooled by a local clock running ahead of the server', () => {
    const clockAhead = now + 20 * 60_000;
    expect(refreshDelay(fresh, clockAhead, true)).toBe(14 * 60_000);
  });

  it('times an older cookie by the local clock, but never sooner than a few seconds', () => {
    expect(refreshDelay(fresh, now + 10 * 60_000, false)).toBe(4 * 60_000);
    expect(refreshDelay(fresh, now + 15 * 60_000, false)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelay({ exp: fresh.exp }, now, true)).toBe(14 * 60_000);
  });
});
