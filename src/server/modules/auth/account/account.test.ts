import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, DEMO_PASSWORD, type TestApp } from '../../../../../test/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'PATCH' | 'PUT' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload && { payload }) });
const appInfo = (headers: Headers) => call('GET', '/api/app/info', headers);

describe('the account of the signed-in user', () => {
  it('answers its name, e-mail and language, and changes the name and the language', async () => {
    const { headers } = await t.login(DEMO_ACCOUNTS.vendor2);
    expect((await call('GET', '/api/account', headers)).json()).toEqual({
      name: '',
      email: DEMO_ACCOUNTS.vendor2,
      language: null,
      pendingEmail: null,
    });
    const renamed = await call('PATCH', '/api/account', headers, { name: '  Ada Potter ', language: 'nl' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Ada Potter', language: 'nl' });
    // A key left out keeps its value; null goes back to the browser's language.
    expect((await call('PATCH', '/api/account', headers, { language: null })).json()).toMatchObject({ name: 'Ada Potter', language: null });
  });

  it('refuses an unknown language, an empty name, unknown keys and signed-out calls', async () => {
    const { headers } = await t.login(DEMO_ACCOUNTS.vendor2);
    const bad = await call('PATCH', '/api/account', headers, { language: 'it' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'language' })]);
    expect((await call('PATCH', '/api/account', headers, { name: ' ' })).json().errors).toEqual([
      { path: 'name', message: 'Required field' },
    ]);
    expect((await call('PATCH', '/api/account', headers, { email: 'x@y.test' })).statusCode).toBe(400);
    expect((await call('GET', '/api/account', { 'x-iframe': 'false' })).statusCode).toBe(401);
  });
});

describe('changing one’s password', () => {
  it('asks the current password, then ends every other sign-in and keeps this one', async () => {
    const other = await t.login(DEMO_ACCOUNTS.vendor1);
    const own = await t.login(DEMO_ACCOUNTS.vendor1);
    const wrong = await call('PUT', '/api/account/password', own.headers, {
      currentPassword: 'not-my-password',
      password: 'a-new-long-password',
      confirmation: 'a-new-long-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'currentPassword', message: 'The current password is not right' }]);
    const mismatch = await call('PUT', '/api/account/password', own.headers, {
      currentPassword: DEMO_PASSWORD,
      password: 'a-new-long-password',
      confirmation: 'another-password',
    });
    expect(mismatch.json().errors).toEqual([{ path: 'confirmation', message: "Passwords don't match" }]);
    expect((await appInfo(other.headers)).statusCode).toBe(200);

    const changed = await call('PUT', '/api/account/password', own.headers, {
      currentPassword: DEMO_PASSWORD,
      password: 'a-new-long-password',
      confirmation: 'a-new-long-password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await appInfo(own.headers)).statusCode).toBe(200);
    expect((await appInfo(other.headers)).statusCode).toBe(401);
    await expect(t.login(DEMO_ACCOUNTS.vendor1)).rejects.toThrow(/401/);
    const back = await t.login(DEMO_ACCOUNTS.vendor1, 'a-new-long-password');
    await call('PUT', '/api/account/password', back.headers, {
      currentPassword: 'a-new-long-password',
      password: DEMO_PASSWORD,
      confirmation: DEMO_PASSWORD,
    });
  });

  it('refuses a common password', async () => {
    const { headers } = await t.login(DEMO_ACCOUNTS.vendor1);
    const res = await call('PUT', '/api/account/password', headers, {
      currentPassword: DEMO_PASSWORD,
      password: 'password123',
      confirmation: 'password123',
    });
    expect(res.json().errors).toEqual([{ path: 'password', message: 'This password is too common, choose another one' }]);
  });
});

describe('changing one’s sign-in e-mail', () => {
  const linkToken = async (address: string) => {
    const [mail] = await t.mailsTo(address);
    expect(mail.template).toBe('auth-verify');
    return /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.html)![1];
  };

  it('keeps the old address until the link mailed to the new one is followed, once', async () => {
    const { headers } = await t.login(DEMO_ACCOUNTS.admin);
    const asked = await call('POST', '/api/account/email', headers, { email: 'Boss@Demo.test', currentPassword: DEMO_PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ email: DEMO_ACCOUNTS.admin, pendingEmail: 'boss@demo.test' });
    const token = await linkToken('boss@demo.test');
    expect((await call('POST', '/api/account/email/confirm', { 'x-iframe': 'false' }, { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/account', headers)).json()).toMatchObject({ email: 'boss@demo.test', pendingEmail: null });
    await t.login('boss@demo.test');
    const again = await call('POST', '/api/account/email/confirm', { 'x-iframe': 'false' }, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This link is invalid or has expired');
    // Back to the demo address for the other tests.
    await call('POST', '/api/account/email', headers, { email: DEMO_ACCOUNTS.admin, currentPassword: DEMO_PASSWORD });
    await call('POST', '/api/account/email/confirm', { 'x-iframe': 'false' }, { token: await linkToken(DEMO_ACCOUNTS.admin) });
  });

  it('asks the current password, and says an address is taken only to whoever follows the link', async () => {
    const { headers } = await t.login(DEMO_ACCOUNTS.vendor2);
    const wrong = await call('POST', '/api/account/email', headers, { email: 'new@demo.test', currentPassword: 'nope-nope' });
    expect(wrong.json().errors).toEqual([{ path: 'currentPassword', message: 'The current password is not right' }]);
    expect(await t.mailsTo('new@demo.test')).toEqual([]);
    const taken = await call('POST', '/api/account/email', headers, { email: DEMO_ACCOUNTS.vendor1, currentPassword: DEMO_PASSWORD });
    expect(taken.statusCode).toBe(200);
    const res = await call(
      'POST',
      '/api/account/email/confirm',
      { 'x-iframe': 'false' },
      { token: await linkToken(DEMO_ACCOUNTS.vendor1) },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This e-mail address is already in use');
    expect((await call('GET', '/api/account', headers)).json().email).toBe(DEMO_ACCOUNTS.vendor2);
  });
});
