import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { conversations, users, vendorApplications, vendors } from '#server/db/schema/index';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO_ACCOUNTS.admin);
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, payload });

async function application(vendorName: string, email: string) {
  const [row] = await t.db
    .insert(vendorApplications)
    .values({ storeId: 'demo', vendorName, email, fields: [{ key: 'company', value: 'X', name: 'Company name' }] })
    .returning();
  return row;
}

describe('GET /api/vendors', () => {
  it('lists vendors with their accounts, pending applications and vendors without an account', async () => {
    await t.db.insert(vendors).values({ storeId: 'demo', name: 'Orphan Goods' });
    await application('Pending Shop', 'pending@shop.test');
    const res = await asAdmin('GET', '/api/vendors');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.vendors.map((v: { name: string }) => v.name)).toEqual(['Orphan Goods', 'Vendor One', 'Vendor Two']);
    expect(body.vendors[1].accounts).toEqual([{ email: 'vendor1@demo.test', name: null, hasPassword: true }]);
    expect(body.vendorsWithoutAccount).toEqual(['Orphan Goods']);
    expect(body.applications).toHaveLength(1);
    expect(body.applications[0]).toMatchObject({
      vendorName: 'Pending Shop',
      status: 'pending',
      decidedAt: null,
      fields: [{ key: 'company', value: 'X' }],
    });
  });

  it('searches vendors and applications by name', async () => {
    const res = await asAdmin('GET', '/api/vendors?q=two');
    expect(res.json().vendors.map((v: { name: string }) => v.name)).toEqual(['Vendor Two']);
    expect(res.json().applications).toEqual([]);
  });
});

describe('application decisions', () => {
  it('approving creates the vendor and its account, records the decision and mails the invite', async () => {
    const app = await application('Fresh Ceramics', 'fresh@ceramics.test');
    const res = await asAdmin('PUT', `/api/vendors/application/${app.id}/status`, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    const [decided] = await t.db.select().from(vendorApplications).where(eq(vendorApplications.id, app.id));
    expect(decided.status).toBe('approved');
    expect(decided.decidedAt).not.toBeNull();
    const [user] = await t.db.select().from(users).where(eq(users.email, 'fresh@ceramics.test'));
    expect(user.passwordHash).toBeNull();
    const [invite] = await t.mailsTo('fresh@ceramics.test');
    expect(invite.template).toBe('auth-invite');
    const link = /href="([^"]+)"/.exec(invite.html)![1].replace(/&amp;/g, '&');
    const url = new URL(link);
    expect(url.pathname).toBe('/app/login/change-password');
    expect(url.searchParams.get('email')).toBe('fresh@ceramics.test');
    // The invite code sets the first password and signs the new vendor in.
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/change-password/update',
      payload: {
        store: 'demo',
        email: 'fresh@ceramics.test',
        code: url.searchParams.get('code')!,
        password: 'ceramics-secret-1',
        confirmation: 'ceramics-secret-1',
      },
    });
    expect(set.statusCode).toBe(201);
    const session = await t.login('fresh@ceramics.test', 'ceramics-secret-1');
    const info = await t.app.inject({ method: 'GET', url: '/api/app/info', headers: session.headers });
    expect(info.json().user).toMatchObject({ vendor: 'Fresh Ceramics', admin: false });
    const [news] = await t.mailsTo(DEMO_ACCOUNTS.admin);
    expect(news.template).toBe('marketplace-new-vendor');
  });

  it('rejecting mails vendor-rejection and creates nothing', async () => {
    const app = await application('Nope Shop', 'nope@shop.test');
    expect((await asAdmin('PUT', `/api/vendors/application/${app.id}/status`, { status: 'rejected' })).statusCode).toBe(200);
    expect(await t.db.select().from(vendors).where(eq(vendors.name, 'Nope Shop'))).toEqual([]);
    expect((await t.mailsTo('nope@shop.test'))[0].template).toBe('vendor-rejection');
  });

  it('refuses deciding twice (409), a bad status (400) and an unknown id (404)', async () => {
    const app = await application('Twice Shop', 'twice@shop.test');
    await asAdmin('PUT', `/api/vendors/application/${app.id}/status`, { status: 'rejected' });
    const again = await asAdmin('PUT', `/api/vendors/application/${app.id}/status`, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This application has already been decided');
    expect((await asAdmin('PUT', `/api/vendors/application/${app.id}/status`, { status: 'maybe' })).statusCode).toBe(400);
    expect(
      (await asAdmin('PUT', '/api/vendors/application/6f1c1b1e-0000-4000-8000-000000000000/status', { status: 'approved' })).statusCode,
    ).toBe(404);
  });

  it('approving a name that is taken is a 409 and leaves the application pending', async () => {
    const app = await application('Vendor One', 'clash@shop.test');
    const res = await asAdmin('PUT', `/api/vendors/application/${app.id}/status`, { status: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A vendor with this name already exists');
    const [row] = await t.db.select().from(vendorApplications).where(eq(vendorApplications.id, app.id));
    expect(row.status).toBe('pending');
    expect(await t.db.select().from(users).where(eq(users.email, 'clash@shop.test'))).toEqual([]);
  });
});

describe('vendor management', () => {
  it('creates an account for a vendor without one, once', async () => {
    await t.db.insert(vendors).values({ storeId: 'demo', name: 'Lonely Vendor' });
    const res = await asAdmin('POST', `/api/vendors/${encodeURIComponent('Lonely Vendor')}`, { identity: { email: 'Lonely@Vendor.test' } });
    expect(res.statusCode).toBe(201);
    expect((await t.mailsTo('lonely@vendor.test'))[0].template).toBe('auth-invite');
    const again = await asAdmin('POST', `/api/vendors/${encodeURIComponent('Lonely Vendor')}`, {
      identity: { email: 'other@vendor.test' },
    });
    expect(again.statusCode).toBe(409);
    const bad = await asAdmin('POST', '/api/vendors/Vendor%20Two', { identity: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Must be a valid email');
  });

  it('renames a vendor; its accounts follow; a taken name is a 409', async () => {
    await t.db.insert(vendors).values({ storeId: 'demo', name: 'Old Name' });
    expect((await asAdmin('PUT', '/api/vendors/rename', { oldVendor: 'Old Name', newVendor: 'New Name' })).statusCode).toBe(200);
    expect((await t.db.select().from(vendors).where(eq(vendors.name, 'New Name'))).length).toBe(1);
    const taken = await asAdmin('PUT', '/api/vendors/rename', { oldVendor: 'New Name', newVendor: 'Vendor One' });
    expect(taken.statusCode).toBe(409);
    expect((await asAdmin('PUT', '/api/vendors/rename', { oldVendor: 'Ghost', newVendor: 'Spirit' })).statusCode).toBe(404);
    expect((await asAdmin('PUT', '/api/vendors/rename', { oldVendor: 'New Name', newVendor: '' })).json().message).toBe('Required field');
    const tooShort = await asAdmin('PUT', '/api/vendors/rename', { oldVendor: 'New Name', newVendor: ' V ' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe('Must be at least 2 characters');
    expect((await t.db.select().from(vendors).where(eq(vendors.name, 'New Name'))).length).toBe(1);
  });

  it('deletes a vendor and ends its accounts', async () => {
    const [v] = await t.db.insert(vendors).values({ storeId: 'demo', name: 'Doomed' }).returning();
    await t.db.insert(users).values({ storeId: 'demo', email: 'doomed@shop.test', vendorId: v.id });
    expect((await asAdmin('DELETE', '/api/vendors/Doomed')).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.email, 'doomed@shop.test'))).toEqual([]);
    expect((await asAdmin('DELETE', '/api/vendors/Doomed')).statusCode).toBe(404);
  });

  it('lists the stores the admin administers', async () => {
    const res = await asAdmin('GET', '/api/stores');
    expect(res.json()).toEqual({ stores: [{ id: 'demo', shopName: 'Demo Marketplace', current: true }] });
  });
});

describe('GET /api/vendors/:vendorId/overview', () => {
  it("shows one vendor's accounts, the application it came from and its latest conversations", async () => {
    const [vendor] = await t.db.insert(vendors).values({ storeId: 'demo', name: 'Overview Goods' }).returning();
    await t.db.insert(users).values({ storeId: 'demo', email: 'owner@overview.test', vendorId: vendor.id });
    const app = await application('Overview Goods', 'owner@overview.test');
    await t.db.update(vendorApplications).set({ status: 'approved', decidedAt: new Date() }).where(eq(vendorApplications.id, app.id));
    await t.db.insert(conversations).values([
      { storeId: 'demo', vendorId: vendor.id, buyerEmail: 'ann@buyer.test', buyerName: 'Ann', productTitle: 'Mug', sellerUnread: 2 },
      {
        storeId: 'demo',
        vendorId: vendor.id,
        buyerEmail: 'bob@buyer.test',
        buyerName: 'Bob',
        lastMessageAt: new Date(Date.now() - 60_000),
      },
    ]);
    const res = await asAdmin('GET', `/api/vendors/${vendor.id}/overview`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.vendor).toMatchObject({ name: 'Overview Goods', accounts: [{ email: 'owner@overview.test', hasPassword: false }] });
    expect(body.application).toMatchObject({ email: 'owner@overview.test', fields: [{ key: 'company', value: 'X' }] });
    expect(body.conversations).toMatchObject({ count: 2, unread: 1 });
    expect(body.conversations.latest.map((c: { buyerName: string; subject: string | null }) => [c.buyerName, c.subject])).toEqual([
      ['Ann', 'Mug'],
      ['Bob', null],
    ]);
  });

  it('is a 404 for an unknown id or a malformed one, and a 403 for a vendor', async () => {
    expect((await asAdmin('GET', '/api/vendors/00000000-0000-4000-8000-000000000000/overview')).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/vendors/not-an-id/overview')).statusCode).toBe(404);
    const vendor = await t.login(DEMO_ACCOUNTS.vendor1);
    const [own] = await t.db.select().from(vendors).where(eq(vendors.name, 'Vendor One'));
    const res = await t.app.inject({ method: 'GET', url: `/api/vendors/${own.id}/overview`, headers: vendor.headers });
    expect(res.statusCode).toBe(403);
  });
});
