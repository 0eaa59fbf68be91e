import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { externalProductLinks, oauthStates, productVariants, products, vendorPlatformShops, vendors } from '#server/db/schema/index';
import { signQuery } from '#server/adapters/storefront/shopify/index';
import { startFakeShopifyAdmin } from '../../../../test/fakes/fake-shopify-admin.ts';
import { startFakeAdminGraphql, type FakeSellerProduct } from '../../../../test/fakes/fake-admin-graphql.ts';
import { startPlatformRouter } from '../../../../test/fakes/platform-router.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';

const SHOP = 'maker-shop.myshopify.com';
const TOKEN = 'shpat_maker';
const MUG: FakeSellerProduct = {
  id: 'gid://shopify/Product/501',
  title: 'Handmade mug',
  status: 'ACTIVE',
  descriptionHtml: '<p>Thrown by hand.</p>',
  options: [{ name: 'Color', values: ['Blue', 'Green'] }],
  images: { nodes: [{ url: 'https://cdn.example.com/mug.jpg', altText: 'A mug' }] },
  variants: {
    nodes: [
      { sku: 'MUG-BLUE', price: '24.00', inventoryQuantity: 5, selectedOptions: [{ name: 'Color', value: 'Blue' }] },
      { sku: 'MUG-GREEN', price: '26.50', inventoryQuantity: 2, selectedOptions: [{ name: 'Color', value: 'Green' }] },
    ],
  },
};
const STUDIO = 'studio-shop.myshopify.com';
const KILN = 'kiln-shop.myshopify.com';
const CUP: FakeSellerProduct = { ...MUG, id: 'gid://shopify/Product/601', title: 'Studio cup' };
const PLATE: FakeSellerProduct = {
  ...MUG,
  id: 'gid://shopify/Product/502',
  title: 'Plate',
  options: [{ name: 'Title', values: ['Default Title'] }],
  variants: {
    nodes: [{ sku: 'PLATE', price: '15.00', inventoryQuantity: 1, selectedOptions: [{ name: 'Title', value: 'Default Title' }] }],
  },
};

let t: TestApp;
let oauth: Awaited<ReturnType<typeof startFakeShopifyAdmin>>;
let graphql: Awaited<ReturnType<typeof startFakeAdminGraphql>>;
let router: Awaited<ReturnType<typeof startPlatformRouter>>;
let s: { admin: Session; vendor1: Session; vendor2: Session };
/** How far the app's clock is ahead of the real one (a claim's expiry). */
let shift = 0;

beforeAll(async () => {
  oauth = await startFakeShopifyAdmin({ clientId: 'key', clientSecret: 'hush', scope: 'read_products' });
  graphql = await startFakeAdminGraphql({
    tokens: { [SHOP]: TOKEN, [STUDIO]: 'shpat_studio', [KILN]: 'shpat_kiln' },
    sellerProducts: { [SHOP]: [MUG, PLATE], [STUDIO]: [CUP] },
  });
  router = await startPlatformRouter(oauth.url, graphql.url);
  t = await createTestApp({
    env: { SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: 'hush', SHOPIFY_ADMIN_BASE_URL: router.baseUrlTemplate },
    now: () => new Date(Date.now() + shift),
  });
  s = await demoSessions(t);
});
afterAll(async () => {
  await t.close();
  await router.close();
  await oauth.close();
  await graphql.close();
});

const signed = (params: Record<string, string>, secret = 'hush') =>
  new URLSearchParams({ ...params, hmac: signQuery(secret, Object.entries(params)) }).toString();
const seconds = () => String(Math.floor((Date.now() + shift) / 1000));

describe("a vendor's own platform shop", () => {
  it('has no shop until the vendor connects one', async () => {
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/shopify/products')).json()).toEqual({
      available: true,
      shop: null,
      products: [],
      links: [],
    });
    const sync = await caller(t, s.vendor1)('POST', '/api/integrations/products/sync', { productId: MUG.id });
    expect(sync.statusCode).toBe(409);
    expect(sync.json().message).toBe('Connect your shop on the platform first');
  });

  it('becomes the vendor’s when the authorization the vendor started comes back (its token tied to the vendor)', async () => {
    const start = await caller(t, s.vendor1)('POST', '/api/integrations/shopify/connect', { shop: SHOP });
    expect(start.statusCode, start.body).toBe(200);
    const state = new URL(start.json().url).searchParams.get('state')!;
    oauth.issueCode(SHOP, 'code-maker', TOKEN);
    const done = await t.app.inject({
      method: 'GET',
      url: `/api/auth/shopify/confirm?${signed({ code: 'code-maker', shop: SHOP, state, timestamp: seconds() })}`,
    });
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe('/app/integrations');
    const [row] = await t.db.select().from(vendorPlatformShops);
    expect(row).toMatchObject({ shop: SHOP, pendingState: null });
    expect(row.connectedAt).not.toBeNull();
    const listed = (await caller(t, s.vendor1)('GET', '/api/integrations/shopify/products')).json();
    expect(listed).toEqual({
      available: true,
      shop: SHOP,
      products: [
        { id: MUG.id, title: 'Handmade mug', status: 'ACTIVE', variants: 2 },
        { id: PLATE.id, title: 'Plate', status: 'ACTIVE', variants: 1 },
      ],
      links: [],
    });
  });

  it('imports one product, then updates the same one (no twin), and lists the link', async () => {
    const first = await caller(t, s.vendor1)('POST', '/api/integrations/products/sync', { productId: MUG.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: true, changed: true });
    const productId = first.json().productId as string;
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
    expect(variants.map((v) => [v.sku, v.price, v.stock, v.options]).sort()).toEqual([
      ['MUG-BLUE', 2400, 5, ['Blue']],
      ['MUG-GREEN', 2650, 2, ['Green']],
    ]);
    MUG.variants.nodes[0].price = '25.00';
    const again = await caller(t, s.vendor1)('POST', '/api/integrations/products/sync', { productId: MUG.id });
    expect(again.json()).toEqual({ productId, created: false, changed: true });
    expect((await caller(t, s.vendor1)('POST', '/api/integrations/products/sync', { productId: MUG.id })).json()).toEqual({
      productId,
      created: false,
      changed: false,
    });
    const [vendor1] = await t.db.select().from(vendors).where(eq(vendors.name, 'Vendor One'));
    expect(
      await t.db
        .select()
        .from(products)
        .where(and(eq(products.vendorId, vendor1.id), eq(products.title, 'Handmade mug'))),
    ).toHaveLength(1);
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/shopify/products')).json().links).toEqual([
      { platformProductId: MUG.id, productId, title: 'Handmade mug' },
    ]);
    const plate = await caller(t, s.vendor1)('POST', '/api/integrations/products/sync', { productId: PLATE.id });
    const [plateVariant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, plate.json().productId));
    expect(plateVariant.options).toEqual([]);
    const missing = await caller(t, s.vendor1)('POST', '/api/integrations/products/sync', { productId: 'gid://shopify/Product/999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product not found in your platform shop');
  });

  it('lists every product of a shop with more than a page (cursor pagination), and imports one from past the first page', async () => {
    const shopProducts = [
      MUG,
      PLATE,
      ...Array.from(
        { length: 258 },
        (_, i): FakeSellerProduct => ({ ...MUG, id: `gid://shopify/Product/${9000 + i}`, title: `Bowl ${i + 1}` }),
      ),
    ];
    graphql.sellerProducts[SHOP] = shopProducts;
    try {
      const before = graphql.calls.length;
      const listed = (await caller(t, s.vendor1)('GET', '/api/integrations/shopify/products')).json();
      expect(listed.products).toHaveLength(260);
      expect(listed.products.at(-1)).toEqual({ id: 'gid://shopify/Product/9257', title: 'Bowl 258', status: 'ACTIVE', variants: 2 });
      const pages = graphql.calls.slice(before).filter((c) => c.operation === 'SellerProducts');
      expect(pages.map((c) => c.variables.after === null)).toEqual([true, false]);
      const last = await caller(t, s.vendor1)('POST', '/api/integrations/products/sync', { productId: 'gid://shopify/Product/9257' });
      expect(last.statusCode, last.body).toBe(200);
      expect((await caller(t, s.vendor1)('GET', '/api/integrations/shopify/products')).json().links).toContainEqual({
        platformProductId: 'gid://shopify/Product/9257',
        productId: last.json().productId,
        title: 'Bowl 258',
      });
    } finally {
      graphql.sellerProducts[SHOP] = [MUG, PLATE];
    }
  });

  it('another vendor sees none of it and syncs nothing from it', async () => {
    const before = await t.db.select().from(externalProductLinks);
    expect((await caller(t, s.vendor2)('GET', '/api/integrations/shopify/products')).json()).toEqual({
      available: true,
      shop: null,
      products: [],
      links: [],
    });
    expect((await caller(t, s.vendor2)('POST', '/api/integrations/products/sync', { productId: MUG.id })).statusCode).toBe(409);
    expect((await caller(t, s.admin)('GET', '/api/integrations/shopify/products')).statusCode).toBe(403);
    expect(await t.db.select().from(externalProductLinks)).toEqual(before);
  });
});

/** The flow the platform starts: request-token-seller, the shop's approval, the callback. Answers where the callback sends the browser. */
async function approveFromPlatform(shop: string, code: string) {
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/request-token-seller?${signed({ shop })}` });
  expect(start.statusCode).toBe(302);
  const state = new URL(start.headers.location as string).searchParams.get('state')!;
  oauth.issueCode(shop, code, `shpat_${shop.split('-')[0]}`);
  const done = await t.app.inject({
    method: 'GET',
    url: `/api/auth/shopify/confirm?${signed({ code, shop, state, timestamp: seconds() })}`,
  });
  expect(done.statusCode, done.body).toBe(302);
  return done.headers.location as string;
}
const claimIn = (location: string) => new URL(location, 'http://app.test').searchParams.get('claim')!;
const CLAIM_INVALID = 'This connection link is invalid, used or expired. Start again from your shop on the platform.';

describe('a shop approved from the platform (request-token-seller) becomes the vendor’s who claims it', () => {
  it('sends the browser to the integrations screen with a claim; the signed-in vendor sees the shop, takes it, and the claim works once', async () => {
    const location = await approveFromPlatform(STUDIO, 'code-studio-1');
    expect(location).toMatch(/^\/app\/integrations\?claim=[\w-]{43}$/);
    const claim = claimIn(location);
    // Only its hash is kept: a read of the database gives no usable claim.
    expect(JSON.stringify(await t.db.select().from(oauthStates))).not.toContain(claim);
    const vendor2 = caller(t, s.vendor2);
    const peek = await vendor2('GET', `/api/integrations/shopify/claim?claim=${claim}`);
    expect(peek.statusCode, peek.body).toBe(200);
    expect(peek.json().shop).toBe(STUDIO);
    expect((await vendor2('GET', '/api/integrations/shopify/products')).json().shop).toBeNull();

    const taken = await vendor2('POST', '/api/integrations/shopify/claim', { claim });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ shop: STUDIO });
    expect((await vendor2('GET', '/api/integrations/shopify/products')).json()).toMatchObject({
      shop: STUDIO,
      products: [{ id: CUP.id, title: 'Studio cup' }],
    });
    for (const session of [s.vendor2, s.vendor1]) {
      const replay = await caller(t, session)('POST', '/api/integrations/shopify/claim', { claim });
      expect(replay.statusCode).toBe(404);
      expect(replay.json().message).toBe(CLAIM_INVALID);
    }
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/shopify/products')).json().shop).toBe(SHOP);
    // Approved again from the platform, the shop already has its vendor: no claim, nothing changes hands.
    expect(await approveFromPlatform(STUDIO, 'code-studio-2')).toBe('/app/integrations');
  });

  it('another vendor cannot take a shop a vendor has: not with a second claim, not by connecting it itself', async () => {
    const first = claimIn(await approveFromPlatform(KILN, 'code-kiln-1'));
    const second = claimIn(await approveFromPlatform(KILN, 'code-kiln-2'));
    expect((await caller(t, s.admin)('POST', '/api/integrations/shopify/claim', { claim: second })).statusCode).toBe(403);
    expect((await caller(t, s.vendor2)('POST', '/api/integrations/shopify/claim', { claim: first })).json()).toEqual({ shop: KILN });
    const takeover = await caller(t, s.vendor1)('POST', '/api/integrations/shopify/claim', { claim: second });
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json().message).toBe('This shop is already connected to another vendor');
    const connect = await caller(t, s.vendor1)('POST', '/api/integrations/shopify/connect', { shop: KILN });
    expect(connect.statusCode).toBe(409);
    expect(connect.json().message).toBe('This shop is already connected to another vendor');
    const rows = await t.db
      .select({ vendorId: vendorPlatformShops.vendorId, shop: vendorPlatformShops.shop })
      .from(vendorPlatformShops)
      .where(eq(vendorPlatformShops.shop, KILN));
    expect(rows).toEqual([{ vendorId: await vendorIdOf('Vendor Two'), shop: KILN }]);
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/shopify/products')).json().shop).toBe(SHOP);

    // Two vendors claiming one shop at once (on PostgreSQL really at once): one owner.
    const wheel = 'wheel-shop.myshopify.com';
    const claims = [claimIn(await approveFromPlatform(wheel, 'code-wheel-1')), claimIn(await approveFromPlatform(wheel, 'code-wheel-2'))];
    const answers = await Promise.all([
      caller(t, s.vendor1)('POST', '/api/integrations/shopify/claim', { claim: claims[0] }),
      caller(t, s.vendor2)('POST', '/api/integrations/shopify/claim', { claim: claims[1] }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(vendorPlatformShops).where(eq(vendorPlatformShops.shop, wheel))).toHaveLength(1);
  });

  it('an expired claim is refused; a forged request or callback issues none', async () => {
    const claim = claimIn(await approveFromPlatform(STUDIO, 'code-studio-3'));
    shift = 16 * 60 * 1000;
    try {
      // The vendor signs in a quarter of an hour later: too late.
      const late = caller(t, await t.login(DEMO_ACCOUNTS.vendor1));
      for (const [method, url, body] of [
        ['GET', `/api/integrations/shopify/claim?claim=${claim}`],
        ['POST', '/api/integrations/shopify/claim', { claim }],
      ] as const) {
        const refused = await late(method, url, body);
        expect(refused.statusCode).toBe(404);
        expect(refused.json().message).toBe(CLAIM_INVALID);
      }
    } finally {
      shift = 0;
    }
    const claims = async () => (await t.db.select().from(oauthStates).where(eq(oauthStates.purpose, 'claim'))).length;
    const before = await claims();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/auth/request-token-seller?${signed({ shop: STUDIO }, 'not-the-secret')}` }))
        .statusCode,
    ).toBe(401);
    const start = await t.app.inject({ method: 'GET', url: `/api/auth/request-token-seller?${signed({ shop: STUDIO })}` });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    oauth.issueCode(STUDIO, 'code-studio-4', 'shpat_studio');
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/auth/shopify/confirm?${signed({ code: 'code-studio-4', shop: STUDIO, state, timestamp: seconds() }, 'not-the-secret')}`,
    });
    expect(forged.statusCode).toBe(401);
    expect(await claims()).toBe(before);
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/shopify/claim?claim=made-up')).statusCode).toBe(404);
  });
});

const vendorIdOf = async (name: string) => (await t.db.select().from(vendors).where(eq(vendors.name, name)))[0].id;
