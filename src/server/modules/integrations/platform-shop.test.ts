import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { platformInstallations } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { startFakeAdminGraphql } from '../../../../test/fakes/fake-admin-graphql.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';

const SHOP = 'demo-market.myshopify.com';
const TOKEN = 'shpat_demo_market';
const SHOP_DATA = {
  locations: [
    { id: 'gid://shopify/Location/11', name: 'Amsterdam warehouse' },
    { id: 'gid://shopify/Location/12', name: 'Berlin store' },
  ],
  publications: [
    { id: 'gid://shopify/Publication/21', name: 'Online Store' },
    { id: 'gid://shopify/Publication/22', name: 'Point of Sale' },
  ],
  locales: [
    { locale: 'nl', primary: true, published: true },
    { locale: 'de', primary: false, published: false },
  ],
  draftOrders: 4,
};

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeAdminGraphql>>;
let s: { admin: Session; vendor1: Session; vendor2: Session };

beforeAll(async () => {
  fake = await startFakeAdminGraphql({ tokens: { [SHOP]: TOKEN }, shop: SHOP_DATA });
  t = await createTestApp({ env: { SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: 'hush', SHOPIFY_ADMIN_BASE_URL: fake.baseUrlTemplate } });
  s = await demoSessions(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('a store on the built-in storefront', () => {
  it('answers its own location, channel and languages, and no draft orders', async () => {
    const info = (await caller(t, s.admin)('GET', '/api/app/info/shop')).json();
    expect(info.publications).toEqual([{ id: 'local-catalog', name: 'Public catalog' }]);
    expect((await caller(t, s.admin)('GET', '/api/app/status')).json().draftOrders).toBe(0);
    expect(fake.calls).toHaveLength(0);
  });
});

describe('a store installed on the platform', () => {
  beforeAll(async () => {
    const encryption = await getEncryption(t.db);
    await t.db
      .insert(platformInstallations)
      .values({ shop: SHOP, storeId: 'demo', kind: 'marketplace', accessTokenEnc: encryption.encrypt(TOKEN, SHOP) });
  });

  it('answers the shop’s real locations, publications and locales', async () => {
    const res = await caller(t, s.admin)('GET', '/api/app/info/shop');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ locations: SHOP_DATA.locations, publications: SHOP_DATA.publications, locales: SHOP_DATA.locales });
    expect(fake.calls.at(-1)).toMatchObject({ shop: SHOP, token: TOKEN, operation: 'ShopInfo' });
  });

  it('answers 502 with what the platform said when the platform answers an error', async () => {
    const encryption = await getEncryption(t.db);
    await t.db.update(platformInstallations).set({ accessTokenEnc: encryption.encrypt('shpat_revoked', SHOP) });
    const res = await caller(t, s.admin)('GET', '/api/app/info/shop');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: "The platform refused the shop's access token (401); reinstall the app" });
    await t.db.update(platformInstallations).set({ accessTokenEnc: encryption.encrypt(TOKEN, SHOP) });
  });

  it('counts the shop’s draft orders in the marketplace view only', async () => {
    expect((await caller(t, s.admin)('GET', '/api/app/status')).json().draftOrders).toBe(4);
    expect((await caller(t, s.vendor1)('GET', '/api/app/status')).json().draftOrders).toBe(0);
  });
});
