import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cookieNamed, createTestApp, DEMO_ACCOUNTS, DEMO_PASSWORD, type TestApp } from '../../../../test/support/test-app.ts';
import { passwordResetCodes } from '#server/db/schema/index';
import { sha256 } from '#server/lib/hashing';

let t: TestApp;
let clock = new Date('2026-11-21T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const headers = { 'content-type': 'application/x-www-form-urlencoded', 'x-iframe': 'false' };
// Each call from its own address, so the per-address rate limit of the route does not mask the per-account rules.
let address = 0;
const post = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/public/change-password/${url}`,
    headers,
    remoteAddress: `10.1.0.${++address % 250}`,
    payload: new URLSearchParams(fields).toString(),
  });

async function requestCode(email: string) {
  const res = await post('request', { store: 'demo', email });
  expect(res.statusCode).toBe(201);
  const [mail] = await t.mailsTo(email);
  const code = /(\d{8})/.exec(mail.text)![1];
  return { mail, code };
}

describe('password reset', () => {
  it('mails a code and a link built from the configured origin, never answering it', async () => {
    const res = await post('request', { store: 'demo', email: DEMO_ACCOUNTS.vendor1 });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toMatch(/\d{8}/);
    const [mail] = await t.mailsTo(DEMO_ACCOUNTS.vendor1);
    expect(mail.template).toBe('auth-change-password');
    expect(mail.subject).toBe('Your Demo Marketplace password code');
    const code = /(\d{8})/.exec(mail.text)![1];
    expect(mail.html).toContain(
      `http://127.0.0.1:3000/app/login/change-password?code=${code}&amp;email=vendor1%40demo.test&amp;store=demo`,
    );
    const [stored] = await t.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.codeHash, code));
    expect(stored).toBeUndefined();
  });

  it('answers 201 for an unknown address and sends nothing', async () => {
    const res = await post('request', { store: 'demo', email: 'nobody@demo.test' });
    expect(res.statusCode).toBe(201);
    expect(await t.mailsTo('nobody@demo.test')).toHaveLength(0);
  });

  it('sets the password with the code, signs in, and the code is single use', async () => {
    const { code } = await requestCode(DEMO_ACCOUNTS.vendor2);
    const fields = {
      store: 'demo',
      email: DEMO_ACCOUNTS.vendor2,
      code,
      password: 'a-brand-new-secret',
      confirmation: 'a-brand-new-secret',
    };
    const res = await post('update', fields);
    expect(res.statusCode).toBe(201);
    expect(cookieNamed(res, 'mp_session')).toBeDefined();
    await t.login(DEMO_ACCOUNTS.vendor2, 'a-brand-new-secret');
    const again = await post('update', { ...fields, password: 'another-new-secret', confirmation: 'another-new-secret' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('This code is invalid or has expired');
  });

  it('refuses mismatched, short and common passwords with the spec messages', async () => {
    const base = { store: 'demo', email: DEMO_ACCOUNTS.vendor1, code: '12345678' };
    const mismatch = await post('update', { ...base, password: 'long-enough-1', confirmation: 'long-enough-2' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toBe("Passwords don't match");
    const short = await post('update', { ...base, password: 'short', confirmation: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toBe('Must be at least 8 characters');
    const { code } = await requestCode(DEMO_ACCOUNTS.vendor1);
    const common = await post('update', { ...base, code, password: 'password123', confirmation: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.body).toBe('This password is too common, choose another one');
  });

  it('expires codes after 15 minutes', async () => {
    const { code } = await requestCode(DEMO_ACCOUNTS.vendor1);
    clock = new Date(clock.getTime() + 16 * 60_000);
    const res = await post('update', {
      store: 'demo',
      email: DEMO_ACCOUNTS.vendor1,
      code,
      password: 'fresh-password-9',
      confirmation: 'fresh-password-9',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('This code is invalid or has expired');
  });

  it('kills a code after 5 wrong attempts, and a new code kills the old one', async () => {
    const { code } = await requestCode(DEMO_ACCOUNTS.vendor2);
    const attempt = (c: string) =>
      post('update', {
        store: 'demo',
        email: DEMO_ACCOUNTS.vendor2,
        code: c,
        password: 'fresh-password-9',
        confirmation: 'fresh-password-9',
      });
    for (let i = 0; i < 5; i++) expect((await attempt('00000000')).statusCode).toBe(400);
    expect((await attempt(code)).statusCode).toBe(400);
    const first = await requestCode(DEMO_ACCOUNTS.vendor2);
    const second = await requestCode(DEMO_ACCOUNTS.vendor2);
    expect((await attempt(first.code)).statusCode).toBe(400);
    expect((await attempt(second.code)).statusCode).toBe(201);
  });

  it('sends at most 5 codes an hour to one account', async () => {
    const email = DEMO_ACCOUNTS.vendor1;
    const before = (await t.mailsTo(email)).length;
    for (let i = 0; i < 6; i++) expect((await post('request', { store: 'demo', email })).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 1000);
    expect((await t.mailsTo(email)).length - before).toBeLessThanOrEqual(5);
  });

  it('lets a throttled account reset its password and sign in again', async () => {
    const fail = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/public/login',
        headers,
        payload: new URLSearchParams({ store: 'demo', email: DEMO_ACCOUNTS.admin, password: 'wrong-password-x' }).toString(),
      });
    for (let i = 0; i < 5; i++) await fail();
    expect((await fail()).statusCode).toBe(429);
    const { code } = await requestCode(DEMO_ACCOUNTS.admin);
    expect(
      (
        await post('update', {
          store: 'demo',
          email: DEMO_ACCOUNTS.admin,
          code,
          password: DEMO_PASSWORD + '!',
          confirmation: DEMO_PASSWORD + '!',
        })
      ).statusCode,
    ).toBe(201);
    await t.login(DEMO_ACCOUNTS.admin, DEMO_PASSWORD + '!');
  });
});

describe('reset-code attempts under parallel guesses', () => {
  it('evaluates at most 5 of 20 parallel wrong guesses and the code is dead after', async () => {
    const { code } = await requestCode(DEMO_ACCOUNTS.vendor1);
    const fields = (c: string) => ({
      store: 'demo',
      email: DEMO_ACCOUNTS.vendor1,
      code: c,
      password: 'parallel-secret-1',
      confirmation: 'parallel-secret-1',
    });
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => post('update', fields(String(10_000_000 + i)))));
    expect(guesses.every((res) => res.statusCode === 400)).toBe(true);
    const [stored] = await t.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.codeHash, sha256(code)));
    expect(stored.attempts).toBeLessThanOrEqual(5);
    expect(stored.usedAt).not.toBeNull();
    expect((await post('update', fields(code))).statusCode).toBe(400);
  });
});
