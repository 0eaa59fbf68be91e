import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, DEMO_ACCOUNTS, DEMO_PASSWORD, type TestApp } from './support/test-app.ts';
import { stores, users, vendors } from '../src/server/db/schema/index.ts';
import { hashPassword } from '../src/server/modules/auth/passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A second marketplace whose vendor has the same name and whose admin the same e-mail as in demo.
  await t.db.insert(stores).values({ id: 'other', shopName: 'Other Market' });
  const [v] = await t.db.insert(vendors).values({ storeId: 'other', name: 'Vendor One' }).returning();
  const passwordHash = await hashPassword('other-password-1');
  await t.db.insert(users).values([
    { storeId: 'other', email: DEMO_ACCOUNTS.admin, isAdmin: true, passwordHash },
    { storeId: 'other', email: 'seller@other.test', vendorId: v.id, passwordHash },
  ]);
});
afterAll(() => t.close());

const appInfo = (token: string) => t.app.inject({ method: 'GET', url: '/api/app/info', headers: { authorization: `Bearer ${token}` } });

describe('store isolation', () => {
  it('the same e-mail is a different account in each store, with its own password', async () => {
    await expect(t.login(DEMO_ACCOUNTS.admin, 'other-password-1')).rejects.toThrow(/401/);
    const other = await t.login(DEMO_ACCOUNTS.admin, 'other-password-1', 'other');
    expect((await appInfo(other.token)).json()).toMatchObject({ store: 'other', shopName: 'Other Market' });
    const demo = await t.login(DEMO_ACCOUNTS.admin, DEMO_PASSWORD, 'demo');
    expect((await appInfo(demo.token)).json()).toMatchObject({ store: 'demo' });
  });

  it('a token whose store claim names another store is refused', async () => {
    const demo = await t.login(DEMO_ACCOUNTS.vendor1);
    const claims = decodeJwt(demo.token) as never as Parameters<typeof t.ctx.tokens.issue>[0];
    const forged = await t.ctx.tokens.issue({ ...claims, store: 'other' });
    expect((await appInfo(forged.token)).statusCode).toBe(401);
  });

  it('a vendor token cannot act as an admin, whatever its claims say', async () => {
    const vendor = await t.login('seller@other.test', 'other-password-1', 'other');
    const claims = decodeJwt(vendor.token) as never as Parameters<typeof t.ctx.tokens.issue>[0];
    const forged = await t.ctx.tokens.issue({ ...claims, admin: true, vendor: '*' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch-vendor',
      headers: { authorization: `Bearer ${forged.token}` },
      payload: { vendor: '*' },
    });
    expect(res.statusCode).toBe(403);
    expect((await appInfo(forged.token)).json().user).toMatchObject({ admin: false, vendor: 'Vendor One' });
  });

  it('an admin cannot switch to a vendor of another store', async () => {
    const demoAdmin = await t.login(DEMO_ACCOUNTS.admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch-vendor',
      headers: demoAdmin.headers,
      payload: { vendor: 'Vendor Two' },
    });
    expect(res.statusCode).toBe(200);
    const otherAdmin = await t.login(DEMO_ACCOUNTS.admin, 'other-password-1', 'other');
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch-vendor',
      headers: otherAdmin.headers,
      payload: { vendor: 'Vendor Two' },
    });
    expect(denied.statusCode).toBe(400);
  });
});
