import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { externalProductLinks, productVariants, products, vendorPlatformShops, vendors } from '#server/db/schema/index';
import { signQuery } from '#server/adapters/storefront/shopify/index';
import { startFakeShopifyAdmin } from '../../../../test/fakes/fake-shopify-admin.ts';
import { startFakeAdminGraphql, type FakeSellerProduct } from '../../../../test/fakes/fake-admin-graphql.ts';
import { caller, demoSessions, type Session } from '../products/products-test-kit.ts';

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
const PLATE: FakeSellerProduct = { ...MUG, id: 'gid://shopify/Product/502', title: 'Plate', options: [{ name: 'Title', values: ['Default Title'] }], variants: { nodes: [{ sku: 'PLATE', price: '15.00', inventoryQuantity: 1, selectedOptions: [{ name: 'Title', value: 'Default Title' }] }] } };

let t: TestApp;
let oauth: Awaited<ReturnType<typeof startFakeShopifyAdmin>>;
let graphql: Awaited<ReturnType<typeof startFakeAdminGraphql>>;
let router: ReturnType<typeof createServer>;
let s: { admin: Session; vendor1: Session; vendor2: Session };

beforeAll(async () => {
  oauth = await startFakeShopifyAdmin({ clientId: 'key', clientSecret: 'hush', scope: 'read_products' });
  graphql = await startFakeAdminGraphql({ tokens: { [SHOP]: TOKEN }, sellerProducts: { [SHOP]: [MUG, PLATE] } });
  // One base URL for both platform fakes: the token exchange to one, GraphQL to the other.
  router = createServer((req, res) => {
    const target = new URL(/\/admin\/oauth\//.test(req.url ?? '') ? oauth.url : graphql.url);
    const forward = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 500, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(router.address() as AddressInfo).port}/{shop}`;
  t = await createTestApp({ env: { SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: 'hush', SHOPIFY_ADMIN_BASE_URL: base } });
  s = await demoSessions(t);
});
afterAll(async () => {
  await t.close();
  router.closeAllConnections();
  await new Promise((resolve) => router.close(resolve));
  await oauth.close();
  await graphql.close();
});

const signed = (params: Record<string, string>) => new URLSearchParams({ ...params, hmac: signQuery('hush', Object.entries(params)) }).toString();

describe("a vendor's own platform shop", () => {
  it('has no shop until the vendor connects one', async () => {
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/shopify/products')).json()).toEqual({ available: true, shop: null, products: [], links: [] });
    const sync = await caller(t, s.vendor1)('POST', '/api/integrations/products/sync', { productId: MUG.id });
    expect(sync.statusCode).toBe(409);
    expect(sync.json().message).toBe('Connect your shop on the platform first');
  });

  it('becomes the vendor’s when the authorization the vendor started comes back (its token tied to the vendor)', async () => {
    const start = await caller(t, s.vendor1)('POST', '/api/integrations/shopify/connect', { shop: SHOP });
    expect(start.statusCode, start.body).toBe(200);
    const state = new URL(start.json().url).searchParams.get('state')!;
    oauth.issueCode(SHOP, 'code-maker', TOKEN);
    const done = await t.app.inject({ method: 'GET', url: `/api/auth/shopify/confirm?${signed({ code: 'code-maker', shop: SHOP, state, timestamp: String(Math.floor(Date.now() / 1000)) })}` });
    expect(done.statusCode, done.body).toBe(302);
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
    expect((await caller(t, s.vendor1)('POST', '/api/integrations/products/sync', { productId: MUG.id })).json()).toEqual({ productId, created: false, changed: false });
    const [vendor1] = await t.db.select().from(vendors).where(eq(vendors.name, 'Vendor One'));
    expect(await t.db.select().from(products).where(and(eq(products.vendorId, vendor1.id), eq(products.title, 'Handmade mug')))).toHaveLength(1);
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/shopify/products')).json().links).toEqual([{ platformProductId: MUG.id, productId, title: 'Handmade mug' }]);
    const plate = await caller(t, s.vendor1)('POST', '/api/integrations/products/sync', { productId: PLATE.id });
    const [plateVariant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, plate.json().productId));
    expect(plateVariant.options).toEqual([]);
    const missing = await caller(t, s.vendor1)('POST', '/api/integrations/products/sync', { productId: 'gid://shopify/Product/999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product not found in your platform shop');
  });

  it('another vendor sees none of it and syncs nothing from it', async () => {
    const before = await t.db.select().from(externalProductLinks);
    expect((await caller(t, s.vendor2)('GET', '/api/integrations/shopify/products')).json()).toEqual({ available: true, shop: null, products: [], links: [] });
    expect((await caller(t, s.vendor2)('POST', '/api/integrations/products/sync', { productId: MUG.id })).statusCode).toBe(409);
    expect((await caller(t, s.admin)('GET', '/api/integrations/shopify/products')).statusCode).toBe(403);
    expect(await t.db.select().from(externalProductLinks)).toEqual(before);
  });
});
