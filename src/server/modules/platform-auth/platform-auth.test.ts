import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { jobs, oauthStates, platformInstallations, stores } from '#server/db/schema/index';
import { signQuery } from '#server/adapters/storefront/shopify/index';
import { startFakeShopifyAdmin } from '../../../../test/fakes/fake-shopify-admin.ts';
import { getEncryption } from '#server/lib/encryption';
import { caller, demoSessions } from '../../../../test/support/sessions.ts';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeShopifyAdmin>>;
let clock = new Date('2026-03-01T12:00:00Z');
const seconds = () => String(Math.floor(clock.getTime() / 1000));

beforeAll(async () => {
  fake = await startFakeShopifyAdmin({ clientId: 'key', clientSecret: 'hush', scope: 'read_products,write_products' });
  t = await createTestApp({
    env: { SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: 'hush', SHOPIFY_ADMIN_BASE_URL: fake.baseUrlTemplate },
    now: () => clock,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A query as the platform sends it: the given parameters plus their hmac. */
const signed = (params: Record<string, string>, secret = 'hush') =>
  new URLSearchParams({ ...params, hmac: signQuery(secret, Object.entries(params)) }).toString();
const get = (url: string) => t.app.inject({ method: 'GET', url });
const installationOf = async (shop: string) =>
  (await t.db.select().from(platformInstallations).where(eq(platformInstallations.shop, shop)))[0];

/** Runs the request step and returns the state the authorize URL carries. */
async function startInstall(shop: string) {
  const res = await get(
    `/api/auth/shopify/request?${signed({ shop, timestamp: seconds(), host: 'YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvYQ==' })}`,
  );
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string).searchParams.get('state')!;
}

describe('published test vector', () => {
  it('verifies the documented callback with the clock at 1337178173 and installs the shop', async () => {
    const saved = clock;
    clock = new Date(1337178173 * 1000);
    try {
      const shop = 'some-shop.myshopify.com';
      await t.db.insert(oauthStates).values({ state: '0.6784241404160823', shop, expiresAt: new Date(clock.getTime() + 600_000) });
      fake.issueCode(shop, '0907a61c0c8d55e99db179b68161bc00', 'shpat_vector_token');
      const res = await get(
        '/api/auth/shopify/confirm?code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173&hmac=700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
      );
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/app');
      expect(fake.exchanges.at(-1)).toEqual({
        shop,
        body: { client_id: 'key', client_secret: 'hush', code: '0907a61c0c8d55e99db179b68161bc00' },
      });
      const row = await installationOf(shop);
      expect(row).toMatchObject({ storeId: 'some-shop', kind: 'marketplace', scope: 'read_products,write_products' });
      expect(row.accessTokenEnc).not.toContain('shpat_vector_token');
      expect((await getEncryption(t.db)).decrypt(row.accessTokenEnc, shop)).toBe('shpat_vector_token');
      const [store] = await t.db.select().from(stores).where(eq(stores.id, 'some-shop'));
      expect(store).toMatchObject({ shopName: 'Some Shop', platformShop: shop });
    } finally {
      clock = saved;
    }
  });
});

describe('GET /api/auth/{name}/request', () => {
  it('redirects to the shop authorize screen with a fresh single-use state', async () => {
    const shop = 'alpha-shop.myshopify.com';
    const res = await get(`/api/auth/shopify/request?${signed({ shop, timestamp: seconds(), host: 'YWRtaW4=' })}`);
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`https://${shop}/admin/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe('key');
    expect(url.searchParams.get('scope')).toBe('read_products,write_products,read_orders,write_orders');
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:3000/api/auth/shopify/confirm');
    const state = url.searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(32);
    const [row] = await t.db.select().from(oauthStates).where(eq(oauthStates.state, state));
    expect(row).toMatchObject({ shop, purpose: 'install', usedAt: null });
    expect(row.expiresAt.getTime()).toBe(clock.getTime() + 10 * 60 * 1000);
    expect(await startInstall(shop)).not.toBe(state);
  });

  it('inside the admin frame answers a page that leaves the frame without inline script', async () => {
    const shop = 'framed-shop.myshopify.com';
    const res = await get(`/api/auth/shopify/request?${signed({ embedded: '1', shop, timestamp: seconds(), host: 'YWRtaW4=' })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0][1]).toContain('src="/api/auth/exit-iframe.js"');
    expect(scripts[0][2]).toBe('');
    const target = /data-target="([^"]+)"/.exec(res.body)![1].replaceAll('&amp;', '&');
    expect(target).toMatch(new RegExp(`^https://${shop}/admin/oauth/authorize\\?client_id=key&`));
    expect(res.body).toContain('target="_top"');
    const script = await get('/api/auth/exit-iframe.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('window.top.location.href');
  });

  it('refuses a bad hmac, a stale or future timestamp with 401', async () => {
    const shop = 'alpha-shop.myshopify.com';
    const forged = signed({ shop, timestamp: seconds() }, 'not-the-secret');
    const bad = await get(`/api/auth/shopify/request?${forged}`);
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Invalid signature' });
    const tampered = await get(`/api/auth/shopify/request?${signed({ shop, timestamp: seconds() }).replace('alpha-shop', 'other-shop')}`);
    expect(tampered.statusCode).toBe(401);
    const stale = await get(`/api/auth/shopify/request?${signed({ shop, timestamp: String(Number(seconds()) - 91) })}`);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/expired/);
    const future = await get(`/api/auth/shopify/request?${signed({ shop, timestamp: String(Number(seconds()) + 91) })}`);
    expect(future.statusCode).toBe(401);
    expect((await get(`/api/auth/shopify/request?${signed({ shop, timestamp: String(Number(seconds()) - 90) })}`)).statusCode).toBe(302);
  });

  it('refuses a shop that is not a platform shop domain with 400, even when signed', async () => {
    for (const shop of ['evil.com', 'evil.com/.myshopify.com', '-x.myshopify.com', 'a.myshopify.com.evil.com']) {
      const res = await get(`/api/auth/shopify/request?${signed({ shop, timestamp: seconds() })}`);
      expect(res.statusCode, shop).toBe(400);
      expect(res.json().message).toBe('Must be a shop domain like name.myshopify.com');
    }
  });

  it('answers 404 for a platform other than shopify, before looking at the query', async () => {
    for (const url of [
      '/api/auth/woocommerce/request',
      `/api/auth/bigcommerce/request?${signed({ shop: 'a.myshopify.com', timestamp: seconds() })}`,
      '/api/auth/woocommerce/confirm',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Unknown platform' });
    }
  });
});

describe('GET /api/auth/{name}/confirm', () => {
  const confirm = (params: Record<string, string>, secret?: string) => get(`/api/auth/shopify/confirm?${signed(params, secret)}`);

  it('exchanges the code, stores the token encrypted, links one store, and refuses the state a second time', async () => {
    const shop = 'beta-shop.myshopify.com';
    const state = await startInstall(shop);
    fake.issueCode(shop, 'code-beta', 'shpat_beta_plaintext');
    const params = { code: 'code-beta', shop, state, timestamp: seconds(), host: 'YWRtaW4=' };
    const res = await confirm(params);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app');
    const row = await installationOf(shop);
    expect(row.accessTokenEnc).not.toContain('shpat_beta_plaintext');
    expect(row.accessTokenEnc).toMatch(/^v1\./);
    expect((await getEncryption(t.db)).decrypt(row.accessTokenEnc, shop)).toBe('shpat_beta_plaintext');
    expect(row.storeId).toBe('beta-shop');
    // The new marketplace's recurring jobs start now, not at the next restart.
    const queued = await t.db.select({ type: jobs.type, payload: jobs.payload }).from(jobs).where(eq(jobs.status, 'pending'));
    expect(
      queued
        .filter((j) => j.payload.storeId === 'beta-shop')
        .map((j) => j.type)
        .sort(),
    ).toEqual(['automated-payouts', 'duty-digest', 'payouts-reconcile']);

    fake.issueCode(shop, 'code-beta', 'shpat_again');
    const replay = await confirm(params);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/invalid or has expired/);
    expect((await getEncryption(t.db)).decrypt((await installationOf(shop)).accessTokenEnc, shop)).toBe('shpat_beta_plaintext');
  });

  it('re-installing keeps the linked store and renews the token', async () => {
    const shop = 'beta-shop.myshopify.com';
    await t.db.update(stores).set({ shopName: 'Beta Renamed' }).where(eq(stores.id, 'beta-shop'));
    const state = await startInstall(shop);
    fake.issueCode(shop, 'code-beta-2', 'shpat_beta_new');
    expect((await confirm({ code: 'code-beta-2', shop, state, timestamp: seconds() })).statusCode).toBe(302);
    const linked = await t.db.select().from(stores).where(eq(stores.platformShop, shop));
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ id: 'beta-shop', shopName: 'Beta Renamed' });
    expect((await getEncryption(t.db)).decrypt((await installationOf(shop)).accessTokenEnc, shop)).toBe('shpat_beta_new');
  });

  it('never takes over an existing store whose id matches the shop subdomain', async () => {
    const shop = 'demo.myshopify.com';
    const state = await startInstall(shop);
    fake.issueCode(shop, 'code-demo', 'shpat_demo');
    expect((await confirm({ code: 'code-demo', shop, state, timestamp: seconds() })).statusCode).toBe(302);
    const [demo] = await t.db.select().from(stores).where(eq(stores.id, 'demo'));
    expect(demo.platformShop).toBeNull();
    expect((await installationOf(shop)).storeId).toBe('demo-2');
  });

  it('refuses a bad hmac and a stale timestamp with 401 and keeps the state usable', async () => {
    const shop = 'gamma-shop.myshopify.com';
    const state = await startInstall(shop);
    const params = { code: 'code-gamma', shop, state, timestamp: seconds() };
    const forged = await confirm(params, 'wrong');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Invalid signature' });
    const stale = await confirm({ ...params, timestamp: String(Number(seconds()) - 3600) });
    expect(stale.statusCode).toBe(401);
    fake.issueCode(shop, 'code-gamma', 'shpat_gamma');
    expect((await confirm(params)).statusCode).toBe(302);
  });

  it('refuses a state of another shop, an unknown state and an expired one', async () => {
    const state = await startInstall('delta-shop.myshopify.com');
    const other = await confirm({ code: 'c', shop: 'epsilon-shop.myshopify.com', state, timestamp: seconds() });
    expect(other.statusCode).toBe(401);
    expect((await confirm({ code: 'c', shop: 'delta-shop.myshopify.com', state: 'made-up', timestamp: seconds() })).statusCode).toBe(401);
    const saved = clock;
    clock = new Date(clock.getTime() + 11 * 60 * 1000);
    try {
      const late = await confirm({ code: 'c', shop: 'delta-shop.myshopify.com', state, timestamp: seconds() });
      expect(late.statusCode).toBe(401);
    } finally {
      clock = saved;
    }
    expect(await installationOf('delta-shop.myshopify.com')).toBeUndefined();
  });

  it('answers 401 and stores nothing when the platform refuses the code', async () => {
    const shop = 'zeta-shop.myshopify.com';
    const state = await startInstall(shop);
    const res = await confirm({ code: 'never-issued', shop, state, timestamp: seconds() });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/did not confirm/);
    expect(await installationOf(shop)).toBeUndefined();
    expect(await t.db.select().from(stores).where(eq(stores.platformShop, shop))).toHaveLength(0);
  });

  it('refuses a bad shop domain with 400 and missing fields with 400', async () => {
    expect((await confirm({ code: 'c', shop: 'evil.example.com', state: 's', timestamp: seconds() })).statusCode).toBe(400);
    const missing = await confirm({ shop: 'a.myshopify.com', state: 's', timestamp: seconds() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Required field');
  });
});

describe('GET /api/auth/request-token-seller', () => {
  it("redirects a vendor's shop to its authorize screen, stores its token unlinked to any store, and sends the browser on with a claim", async () => {
    const shop = 'maker-shop.myshopify.com';
    const res = await get(`/api/auth/request-token-seller?${signed({ shop })}`);
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`https://${shop}/admin/oauth/authorize`);
    const state = url.searchParams.get('state')!;
    const [row] = await t.db.select().from(oauthStates).where(eq(oauthStates.state, state));
    expect(row).toMatchObject({ shop, purpose: 'seller' });

    fake.issueCode(shop, 'code-maker', 'shpat_maker');
    const done = await get(`/api/auth/shopify/confirm?${signed({ code: 'code-maker', shop, state, timestamp: seconds() })}`);
    expect(done.statusCode).toBe(302);
    // No vendor started it: the vendor who signs in claims it (integrations/seller-shop.test.ts).
    expect(done.headers.location).toMatch(/^\/app\/integrations\?claim=[\w-]{43}$/);
    const installation = await installationOf(shop);
    expect(installation).toMatchObject({ kind: 'seller', storeId: null });
    expect(installation.accessTokenEnc).not.toContain('shpat_maker');
    expect(await t.db.select().from(stores).where(eq(stores.platformShop, shop))).toHaveLength(0);
  });

  it('refuses a bad hmac with 401, a stale timestamp when one is sent, and a bad shop with 400', async () => {
    const bad = await get(`/api/auth/request-token-seller?${signed({ shop: 'maker-shop.myshopify.com' }, 'wrong')}`);
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Invalid signature' });
    const stale = await get(
      `/api/auth/request-token-seller?${signed({ shop: 'maker-shop.myshopify.com', timestamp: String(Number(seconds()) - 200) })}`,
    );
    expect(stale.statusCode).toBe(401);
    expect((await get(`/api/auth/request-token-seller?${signed({ shop: 'maker.shop.com' })}`)).statusCode).toBe(400);
  });
});

describe('platform credentials', () => {
  it('answers 404 when the platform has no credentials, so nothing is signed with an empty secret', async () => {
    const bare = await createTestApp({ seed: false });
    try {
      const params = { shop: 'a.myshopify.com', timestamp: String(Math.floor(Date.now() / 1000)) };
      const res = await bare.app.inject({ method: 'GET', url: `/api/auth/shopify/request?${signed(params, '')}` });
      expect(res.statusCode).toBe(404);
      expect(
        (await bare.app.inject({ method: 'GET', url: `/api/auth/request-token-seller?${signed({ shop: 'a.myshopify.com' }, '')}` }))
          .statusCode,
      ).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('lists the install calls in the OpenAPI document with a public policy', async () => {
    const doc = (await get('/api/docs/openapi.json')).json();
    for (const path of ['/api/auth/{name}/request', '/api/auth/{name}/confirm', '/api/auth/request-token-seller'])
      expect(doc.paths[path], path).toBeDefined();
    const ours = ['/api/auth/:name/request', '/api/auth/:name/confirm', '/api/auth/request-token-seller', '/api/auth/exit-iframe.js'];
    expect(t.routes.filter((r) => ours.includes(r.url)).map((r) => r.policy)).toEqual(['public', 'public', 'public', 'public']);
  });
});

describe('an install granted less than the app asks for now', () => {
  it('tells the admin to update (app/status shouldUpdate) and hands out the authorize screen for its shop', async () => {
    const s = await demoSessions(t);
    const admin = caller(t, s.admin);
    expect((await admin('GET', '/api/app/status')).json().shouldUpdate).toBe(false);
    expect((await admin('POST', '/api/auth/shopify/update')).statusCode).toBe(404);
    // Signing out of a store on the built-in storefront leads to our sign-in; a Shopify store's to its shop.
    expect((await admin('GET', '/api/app/info')).json().siteUrl).toBeNull();

    // Installed when the app asked for products only; it now also asks for orders.
    await t.db.update(stores).set({ platformShop: 'demo-market.myshopify.com' }).where(eq(stores.id, 'demo'));
    expect((await admin('GET', '/api/app/info')).json().siteUrl).toBe('https://demo-market.myshopify.com');
    const accessTokenEnc = (await getEncryption(t.db)).encrypt('shpat_demo', 'demo-market.myshopify.com');
    await t.db
      .insert(platformInstallations)
      .values({ shop: 'demo-market.myshopify.com', storeId: 'demo', kind: 'marketplace', accessTokenEnc, scope: 'write_products' });
    const lacking = await admin('GET', '/api/app/status');
    expect(lacking.json().shouldUpdate, lacking.body).toBe(true);
    expect((await caller(t, s.vendor1)('GET', '/api/app/status')).json().shouldUpdate).toBe(true);
    expect((await caller(t, s.vendor1)('POST', '/api/auth/shopify/update')).statusCode).toBe(403);
    const update = await admin('POST', '/api/auth/shopify/update');
    expect(update.statusCode, update.body).toBe(200);
    const url = new URL(update.json().url);
    expect(url.origin + url.pathname).toBe('https://demo-market.myshopify.com/admin/oauth/authorize');
    expect(url.searchParams.get('scope')).toBe('read_products,write_products,read_orders,write_orders');
    const [state] = await t.db.select().from(oauthStates).where(eq(oauthStates.shop, 'demo-market.myshopify.com'));
    expect(state).toBeDefined();

    // Approved again with every scope: nothing left to update.
    await t.db
      .update(platformInstallations)
      .set({ scope: 'write_products,write_orders' })
      .where(eq(platformInstallations.shop, 'demo-market.myshopify.com'));
    expect((await admin('GET', '/api/app/status')).json().shouldUpdate).toBe(false);
  });
});
