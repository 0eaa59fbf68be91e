import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { cookieNamed, createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { stores, users } from '#server/db/schema/index';
import { hashPassword } from './passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', 'x-iframe': 'false' };

describe('POST /api/auth/public/login', () => {
  it('signs a vendor in with the form body and sets the session cookies with the spec claims', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: formHeaders,
      payload: form({ store: 'demo', email: ' Vendor1@Demo.test ', password: 'demo-password-123' }),
    });
    expect(res.statusCode).toBe(200);
    const access = cookieNamed(res, 'mp_session')!;
    const refresh = cookieNamed(res, 'mp_refresh')!;
    expect(access.httpOnly).toBeFalsy();
    expect(refresh.httpOnly).toBe(true);
    expect(refresh.value).not.toContain('.');
    const claims = decodeJwt(access.value);
    expect(claims).toMatchObject({ email: 'vendor1@demo.test', name: 'Vendor One', store: 'demo', vendor: 'Vendor One', admin: false });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('gives an admin the marketplace view', async () => {
    const { token } = await t.login(DEMO_ACCOUNTS.admin);
    expect(decodeJwt(token)).toMatchObject({ vendor: '*', admin: true, name: 'Demo Admin' });
  });

  it('uses the embedded cookie names with SameSite=None when X-Iframe is true', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/proxy/login',
      headers: { ...formHeaders, 'x-iframe': 'true' },
      payload: form({ store: 'demo', email: DEMO_ACCOUNTS.vendor2, password: 'demo-password-123' }),
    });
    expect(res.statusCode).toBe(200);
    const access = cookieNamed(res, 'mp_session_embedded')!;
    expect(access.sameSite).toBe('None');
    expect(access.secure).toBe(true);
  });

  it('answers a wrong password and an unknown account with the same plain 401 text', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: formHeaders,
      payload: form({ store: 'demo', email: DEMO_ACCOUNTS.vendor2, password: 'not-the-password' }),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: formHeaders,
      payload: form({ store: 'demo', email: 'nobody@demo.test', password: 'not-the-password' }),
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Invalid email or password');
    }
  });

  it('refuses missing fields and short passwords with 400 and the message', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: formHeaders,
      payload: form({ store: 'demo', email: 'a@b.co' }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toBe('Required field');
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: formHeaders,
      payload: form({ store: 'demo', email: 'a@b.co', password: 'short' }),
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toBe('Must be at least 8 characters');
    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: formHeaders,
      payload: form({ store: 'demo', email: 'not-an-email', password: 'long-enough-1' }),
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toBe('Must be a valid email');
  });

  it('cannot sign in to another store with the same credentials', async () => {
    // The other store exists and has an account with the same e-mail: only the store tells them apart.
    await t.db.insert(stores).values({ id: 'other', shopName: 'Other Market' });
    await t.db
      .insert(users)
      .values({ storeId: 'other', email: DEMO_ACCOUNTS.admin, isAdmin: true, passwordHash: await hashPassword('other-password-1') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: formHeaders,
      payload: form({ store: 'other', email: DEMO_ACCOUNTS.admin, password: 'demo-password-123' }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('Invalid email or password');
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: formHeaders,
      payload: form({ store: 'other', email: DEMO_ACCOUNTS.admin, password: 'other-password-1' }),
    });
    expect(own.statusCode).toBe(200);
  });

  it('throttles an account after 5 failures with 429, even for the right password', async () => {
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/public/login',
        headers: formHeaders,
        payload: form({ store: 'demo', email: DEMO_ACCOUNTS.admin, password }),
      });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-password-x')).statusCode).toBe(401);
    const blocked = await attempt('demo-password-123');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toBe('Too many attempts, please try again later');
  });
});
