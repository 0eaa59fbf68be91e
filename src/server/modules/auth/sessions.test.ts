import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { cookieNamed, createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { passwordResetCodes, users, vendors } from '#server/db/schema/index';
import { buildApp } from '#server/app';
import { createPasswordCode } from './password-codes.ts';

let t: TestApp;
let clock = new Date('2026-11-21T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const refresh = (cookie: string, iframe: string | null = 'false') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/public/refresh',
    headers: { cookie, ...(iframe ? { 'x-iframe': iframe } : {}) },
  });

const appInfo = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/app/info', headers });

describe('session', () => {
  it('answers app/info to a signed-in user with the cookie and X-Iframe, or a Bearer token', async () => {
    const session = await t.login(DEMO_ACCOUNTS.vendor1);
    const byCookie = await appInfo(session.headers);
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toMatchObject({
      store: 'demo',
      shopName: 'Demo Marketplace',
      wordings: { vendor: 'vendor' },
      user: { email: 'vendor1@demo.test', vendor: 'Vendor One', admin: false },
    });
    expect(byCookie.json().user.permissions).not.toContain('switch_vendor');
    const byBearer = await appInfo({ authorization: `Bearer ${session.token}` });
    expect(byBearer.statusCode).toBe(200);
  });

  it('refuses the cookie without the X-Iframe header (CSRF defence) and signed-out calls', async () => {
    const session = await t.login(DEMO_ACCOUNTS.vendor1);
    expect((await appInfo({ cookie: session.headers.cookie })).statusCode).toBe(401);
    const signedOut = await appInfo({ 'x-iframe': 'false' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Sign in required' });
  });

  it('refuses forged, expired and wrongly-typed tokens', async () => {
    const session = await t.login(DEMO_ACCOUNTS.admin);
    const [header, payload] = session.token.split('.');
    const unsigned = `${header}.${payload}.`;
    expect((await appInfo({ authorization: `Bearer ${unsigned}` })).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await appInfo({ authorization: `Bearer ${none}` })).statusCode).toBe(401);
    const otherKey = await new SignJWT({ ...decodeJwt(session.token) })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await appInfo({ authorization: `Bearer ${otherKey}` })).statusCode).toBe(401);
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await appInfo({ authorization: `Bearer ${session.token}` })).statusCode).toBe(401);
    clock = new Date(clock.getTime() - 16 * 60_000);
    // A refresh token is opaque and never accepted as an access token.
    expect((await appInfo({ authorization: `Bearer ${session.cookies.mp_refresh}` })).statusCode).toBe(401);
  });

  it('refresh issues a new access cookie and rotates the refresh token', async () => {
    const session = await t.login(DEMO_ACCOUNTS.vendor2);
    clock = new Date(clock.getTime() + 60_000);
    const res = await refresh(session.refreshCookie);
    expect(res.statusCode).toBe(200);
    const access = cookieNamed(res, 'mp_session')!;
    const rotated = cookieNamed(res, 'mp_refresh')!;
    expect(decodeJwt(access.value)).toMatchObject({ email: 'vendor2@demo.test', vendor: 'Vendor Two' });
    expect(rotated.value).not.toBe(session.cookies.mp_refresh);
    expect(rotated.httpOnly).toBe(true);
    expect((await refresh(`mp_refresh=${rotated.value}`)).statusCode).toBe(200);
  });

  it('refresh without a valid refresh token or without X-Iframe answers 401/400; without one at all, 204 (signed out)', async () => {
    expect((await refresh('mp_refresh=not-a-token')).statusCode).toBe(401);
    const none = await refresh('');
    expect(none.statusCode).toBe(204);
    expect(none.headers['set-cookie']).toBeUndefined();
    const session = await t.login(DEMO_ACCOUNTS.vendor2);
    expect((await refresh(session.refreshCookie, null)).statusCode).toBe(400);
  });

  it('a replayed old refresh token revokes the whole sign-in', async () => {
    const session = await t.login(DEMO_ACCOUNTS.vendor1);
    const first = await refresh(session.refreshCookie);
    const next = `mp_refresh=${cookieNamed(first, 'mp_refresh')!.value}`;
    clock = new Date(clock.getTime() + 60_000);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(401);
  });

  it('logout revokes: refresh fails afterwards', async () => {
    const session = await t.login(DEMO_ACCOUNTS.vendor1);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/logout',
      headers: { 'x-iframe': 'false', cookie: session.refreshCookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });

  it('a disabled user is out at once, access token or refresh', async () => {
    const session = await t.login(DEMO_ACCOUNTS.vendor2);
    await t.db.update(users).set({ disabledAt: clock }).where(eq(users.email, DEMO_ACCOUNTS.vendor2));
    expect((await appInfo(session.headers)).statusCode).toBe(401);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    await t.db.update(users).set({ disabledAt: null }).where(eq(users.email, DEMO_ACCOUNTS.vendor2));
  });
});

describe('an access token dies with its session', () => {
  const logout = (refreshCookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/public/logout', headers: { 'x-iframe': 'false', cookie: refreshCookie } });

  it('after logout, on this process and on another one sharing the database', async () => {
    const session = await t.login(DEMO_ACCOUNTS.vendor1);
    // A second app on the same database stands for a second process: no state outside the database.
    const other = await buildApp({
      config: t.config,
      database: { db: t.db, kind: 'pglite', close: async () => {} },
      now: () => clock,
      logger: false,
    });
    try {
      const otherInfo = () => other.app.inject({ method: 'GET', url: '/api/app/info', headers: session.headers });
      expect((await otherInfo()).statusCode).toBe(200);
      expect((await logout(session.refreshCookie)).statusCode).toBe(200);
      expect((await appInfo(session.headers)).statusCode).toBe(401);
      expect((await appInfo({ authorization: `Bearer ${session.token}` })).statusCode).toBe(401);
      expect((await otherInfo()).statusCode).toBe(401);
    } finally {
      await other.app.close();
    }
  });

  it('after a password reset, for every sign-in of the account', async () => {
    const [first, second] = [await t.login(DEMO_ACCOUNTS.vendor2), await t.login(DEMO_ACCOUNTS.vendor2)];
    const [user] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.vendor2));
    const code = await createPasswordCode(t.db, clock, user, 'reset');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/change-password/update',
      headers: { 'x-iframe': 'false' },
      payload: {
        store: 'demo',
        email: DEMO_ACCOUNTS.vendor2,
        code,
        password: 'reset-kills-tokens-1',
        confirmation: 'reset-kills-tokens-1',
      },
    });
    expect(res.statusCode).toBe(201);
    expect((await appInfo(first.headers)).statusCode).toBe(401);
    expect((await appInfo(second.headers)).statusCode).toBe(401);
    // The sign-in the reset itself started works.
    expect((await appInfo({ authorization: `Bearer ${res.json().token}` })).statusCode).toBe(200);
    await t.db.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
  });

  it('after a replayed refresh token revoked its family', async () => {
    const session = await t.login(DEMO_ACCOUNTS.admin);
    const first = await refresh(session.refreshCookie);
    const current = { 'x-iframe': 'false', cookie: `mp_session=${cookieNamed(first, 'mp_session')!.value}` };
    expect((await appInfo(current)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    expect((await appInfo(current)).statusCode).toBe(401);
  });

  it('a read on a token answered before still waits for the database: disabled or changed meanwhile', async () => {
    const session = await t.login(DEMO_ACCOUNTS.vendor1);
    // The product list reads ahead: the second call starts on the caller predicted from the first.
    const orders = () => t.app.inject({ method: 'GET', url: '/api/products-v2?status=ALL', headers: session.headers });
    const own = (await orders()).json().products.map((p: { id: string }) => p.id);
    expect((await orders()).statusCode).toBe(200);
    await t.db.update(vendors).set({ name: 'Vendor Uno' }).where(eq(vendors.name, 'Vendor One'));
    try {
      const renamed = await orders();
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().products.map((p: { id: string }) => p.id)).toEqual(own);
      expect((await appInfo(session.headers)).json().user).toMatchObject({ vendor: 'Vendor Uno' });
      await t.db.update(users).set({ disabledAt: clock }).where(eq(users.email, DEMO_ACCOUNTS.vendor1));
      const refused = await orders();
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: 'Sign in required' });
    } finally {
      await t.db.update(users).set({ disabledAt: null }).where(eq(users.email, DEMO_ACCOUNTS.vendor1));
      await t.db.update(vendors).set({ name: 'Vendor One' }).where(eq(vendors.name, 'Vendor Uno'));
    }
  });

  it('refuses a token that names no sign-in', async () => {
    const session = await t.login(DEMO_ACCOUNTS.vendor1);
    const claims = decodeJwt(session.token) as unknown as Parameters<typeof t.ctx.tokens.issue>[0];
    const { sid: _sid, ...withoutSession } = claims;
    const bare = await t.ctx.tokens.issue(withoutSession);
    expect((await appInfo({ authorization: `Bearer ${bare.token}` })).statusCode).toBe(401);
    const otherSession = await t.ctx.tokens.issue({ ...claims, sid: '00000000-0000-4000-8000-000000000000' });
    expect((await appInfo({ authorization: `Bearer ${otherSession.token}` })).statusCode).toBe(401);
  });
});

describe('switch vendor', () => {
  it('lets an admin act as one vendor and back, kept across refresh', async () => {
    const admin = await t.login(DEMO_ACCOUNTS.admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch-vendor',
      headers: admin.headers,
      payload: { vendor: 'Vendor Two' },
    });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().token)).toMatchObject({ vendor: 'Vendor Two', admin: true });
    const info = await appInfo({ authorization: `Bearer ${res.json().token}` });
    expect(info.json().user).toMatchObject({ vendor: 'Vendor Two', admin: true });
    const refreshed = await refresh(admin.refreshCookie);
    expect(decodeJwt(cookieNamed(refreshed, 'mp_session')!.value)).toMatchObject({ vendor: 'Vendor Two' });
    const back = await t.app.inject({ method: 'POST', url: '/api/auth/switch-vendor', headers: admin.headers, payload: { vendor: '*' } });
    expect(decodeJwt(back.json().token)).toMatchObject({ vendor: '*' });
  });

  it('refuses an unknown vendor (400) and a vendor caller (403)', async () => {
    const admin = await t.login(DEMO_ACCOUNTS.admin);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch-vendor',
      headers: admin.headers,
      payload: { vendor: 'Nobody' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown vendor');
    const vendor = await t.login(DEMO_ACCOUNTS.vendor1);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch-vendor',
      headers: vendor.headers,
      payload: { vendor: 'Vendor Two' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('ignores a vendor claim on a vendor token: a vendor stays itself', async () => {
    const vendor = await t.login(DEMO_ACCOUNTS.vendor1);
    const claims = decodeJwt(vendor.token) as unknown as Parameters<typeof t.ctx.tokens.issue>[0];
    const forged = await t.ctx.tokens.issue({ ...claims, vendor: 'Vendor Two', admin: true });
    const info = await appInfo({ authorization: `Bearer ${forged.token}` });
    expect(info.json().user).toMatchObject({ vendor: 'Vendor One', admin: false });
  });
});
