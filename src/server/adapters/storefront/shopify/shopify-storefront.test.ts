import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StorefrontSyncError, type StorefrontProduct } from '../types.ts';
import { createAdminGraphqlClient } from './admin-graphql.ts';
import { baseUrlFromTemplate } from './oauth-client.ts';
import { ProductSetInputSchema, startFakeAdminGraphql } from '../../../../../test/fakes/fake-admin-graphql.ts';
import { createShopifyStorefront } from './shopify-storefront.ts';

const SHOP = 'mugs.myshopify.com';
const TOKEN = 'shpat_test_token';
let fake: Awaited<ReturnType<typeof startFakeAdminGraphql>>;
beforeAll(async () => {
  fake = await startFakeAdminGraphql({ tokens: { [SHOP]: TOKEN }, locationId: 'gid://shopify/Location/9' });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.length = 0;
  fake.restoreBucket();
});

/** A client on a clock that only moves when the client sleeps, so waits are exact and instant. */
function testClient(token = TOKEN) {
  let clock = 0;
  const sleeps: number[] = [];
  const client = createAdminGraphqlClient({
    shop: SHOP,
    accessToken: token,
    apiVersion: '2025-07',
    baseUrlFor: baseUrlFromTemplate(fake.baseUrlTemplate),
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
  });
  return { client, sleeps };
}

const mug = (over: Partial<StorefrontProduct> = {}): StorefrontProduct => ({
  id: 'ours-1',
  storeId: 'demo',
  handle: 'blue-mug',
  title: 'Blue mug',
  bodyHtml: '<p>A blue mug.</p>',
  vendor: 'Vendor One',
  seo: { title: '', description: '' },
  options: [{ name: 'Size', values: ['S', 'L'] }],
  media: [{ src: 'https://mp.example/api/cdn/files/demo/product-images/a.jpg', alt: '', contentType: 'IMAGE' }],
  metafields: [],
  variants: ['S', 'L'].map((size, i) => ({
    id: `v-${size}`,
    sku: `MUG-${size}`,
    barcode: '',
    price: 1250 + i * 100,
    compareAt: null,
    options: [size],
    taxable: true,
    trackStock: true,
    stock: 3,
    requiresShipping: true,
    weight: 350,
    weightUnit: 'GRAMS',
    media: [],
    metafields: [],
  })),
  currency: 'EUR',
  currencyDecimals: 2,
  templateSuffix: null,
  ...over,
});

describe('Shopify storefront adapter (against the fake Admin GraphQL API)', () => {
  it('creates the product with one synchronous productSet on the versioned endpoint, with the token', async () => {
    const ids = new Map<string, string>();
    const platform = createShopifyStorefront({ client: testClient().client, platformIdOf: async (id) => ids.get(id) ?? null });
    const { platformProductId } = await platform.publishProduct(mug());
    expect(platformProductId).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    const set = fake.calls.find((c) => c.operation === 'ProductSet')!;
    expect(set).toMatchObject({ shop: SHOP, version: '2025-07', token: TOKEN });
    expect(set.query).toContain('productSet(input: $input, synchronous: true)');
    expect(ProductSetInputSchema.safeParse(set.variables.input).success).toBe(true);
    expect(set.variables.input).toMatchObject({
      title: 'Blue mug',
      status: 'ACTIVE',
      variants: [
        { sku: 'MUG-S', price: '12.50', inventoryQuantities: [{ locationId: 'gid://shopify/Location/9', name: 'available', quantity: 3 }] },
        { sku: 'MUG-L', price: '13.50' },
      ],
    });
    expect(fake.products.get(platformProductId!)?.variants).toHaveLength(2);
  });

  it('updates the same platform product and keeps the ids of the variants it already has', async () => {
    const ids = new Map<string, string>();
    const platform = createShopifyStorefront({ client: testClient().client, platformIdOf: async (id) => ids.get(id) ?? null });
    const first = await platform.publishProduct(mug());
    ids.set('ours-1', first.platformProductId!);
    const before = fake.products.get(first.platformProductId!)!.variants;

    // One size renamed, a new one added: S keeps its platform variant, the others are new.
    const changed = mug({ options: [{ name: 'Size', values: ['S', 'XL'] }] });
    changed.variants[1] = { ...changed.variants[1], id: 'v-XL', sku: 'MUG-XL', options: ['XL'] };
    const second = await platform.publishProduct(changed);
    expect(second.platformProductId).toBe(first.platformProductId);
    const input = fake.calls.filter((c) => c.operation === 'ProductSet').at(-1)!.variables.input as {
      id: string;
      variants: { id?: string }[];
    };
    expect(input.id).toBe(first.platformProductId);
    expect(input.variants[0].id).toBe(before[0].id);
    expect(input.variants[1].id).toBeUndefined();
  });

  it('publishes again as a new product when the platform product was deleted there', async () => {
    const platform = createShopifyStorefront({ client: testClient().client, platformIdOf: async () => 'gid://shopify/Product/999999' });
    const { platformProductId } = await platform.publishProduct(mug());
    expect(platformProductId).not.toBe('gid://shopify/Product/999999');
    const set = fake.calls.find((c) => c.operation === 'ProductSet')!;
    expect((set.variables.input as { id?: string }).id).toBeUndefined();
  });

  it('reports userErrors as a failure that a retry would not fix', async () => {
    const platform = createShopifyStorefront({ client: testClient().client, platformIdOf: async () => null });
    const duplicate = mug();
    duplicate.variants[1] = { ...duplicate.variants[1], options: ['S'] };
    const failure = platform.publishProduct(duplicate);
    await expect(failure).rejects.toBeInstanceOf(StorefrontSyncError);
    await expect(failure).rejects.toMatchObject({
      retryable: false,
      message: 'The platform refused the product: input.variants: Variants must have unique option values',
    });
  });

  it('unpublishes as a draft and removes with productDelete; unknown products are no error', async () => {
    const ids = new Map<string, string>();
    const platform = createShopifyStorefront({ client: testClient().client, platformIdOf: async (id) => ids.get(id) ?? null });
    const { platformProductId } = await platform.publishProduct(mug());
    ids.set('ours-1', platformProductId!);
    await platform.unpublishProduct('ours-1');
    expect(fake.calls.at(-1)).toMatchObject({
      operation: 'ProductUnpublish',
      variables: { product: { id: platformProductId, status: 'DRAFT' } },
    });
    expect(fake.products.get(platformProductId!)?.status).toBe('DRAFT');
    await platform.removeProduct('ours-1');
    expect(fake.calls.at(-1)).toMatchObject({ operation: 'ProductDelete', variables: { input: { id: platformProductId } } });
    expect(fake.products.has(platformProductId!)).toBe(false);
    await expect(platform.removeProduct('ours-1')).resolves.toBeUndefined();
    const count = fake.calls.length;
    await platform.unpublishProduct('never-published');
    expect(fake.calls.length).toBe(count);
  });

  it('sends no stock when the shop does not let the app read its locations', async () => {
    const denied = await startFakeAdminGraphql({ tokens: { [SHOP]: TOKEN }, denyLocations: true });
    try {
      const client = createAdminGraphqlClient({
        shop: SHOP,
        accessToken: TOKEN,
        apiVersion: '2025-07',
        baseUrlFor: baseUrlFromTemplate(denied.baseUrlTemplate),
      });
      await createShopifyStorefront({ client, platformIdOf: async () => null }).publishProduct(mug());
      const set = denied.calls.find((c) => c.operation === 'ProductSet')!;
      expect(
        (set.variables.input as { variants: { inventoryQuantities?: unknown }[] }).variants.every(
          (v) => v.inventoryQuantities === undefined,
        ),
      ).toBe(true);
    } finally {
      await denied.close();
    }
  });
});

describe('Admin GraphQL client: the platform rate limit', () => {
  const QUERY = 'query PrimaryLocation {\n  location { id }\n}';

  it('waits before a call when the bucket holds fewer points than the call costs', async () => {
    const { client, sleeps } = testClient();
    fake.setAvailable(4);
    await client.request(QUERY);
    expect(sleeps).toEqual([]);
    // The answer said 4 points left, restoring 50/s; the last call cost 1, so no wait is needed yet.
    await client.request(QUERY);
    expect(sleeps).toEqual([]);
    // A productSet never seen costs 10 by assumption: (10 - 4) / 50 s = 120 ms.
    await client.request(
      'mutation ProductSet($input: ProductSetInput!) { productSet(input: $input, synchronous: true) { product { id } userErrors { field message code } } }',
      {
        input: {
          title: 'x',
          productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
          variants: [{ optionValues: [{ optionName: 'Title', name: 'Default Title' }] }],
        },
      },
    );
    expect(sleeps).toEqual([120]);
  });

  it('retries a THROTTLED answer after backing off, and gives up with a retryable error', async () => {
    const { client, sleeps } = testClient();
    fake.throttleNext(1);
    await expect(client.request(QUERY)).resolves.toEqual({ location: { id: 'gid://shopify/Location/9' } });
    expect(fake.calls.map((c) => c.operation)).toEqual(['PrimaryLocation', 'PrimaryLocation']);
    // Backoff of the first attempt (1 s) is longer than the 0.2 s the empty bucket needs for a 10-point call.
    expect(sleeps).toEqual([1000]);

    fake.throttleNext(10);
    const { client: patient, sleeps: waited } = testClient();
    const failure = patient.request(QUERY);
    await expect(failure).rejects.toMatchObject({
      retryable: true,
      message: 'PrimaryLocation failed after 6 attempts: the platform kept throttling the calls',
    });
    expect(waited).toEqual([1000, 2000, 4000, 8000, 16000]);
    fake.throttleNext(0);
  });

  it('refuses a wrong token without retrying', async () => {
    const { client, sleeps } = testClient('shpat_wrong');
    await expect(client.request(QUERY)).rejects.toMatchObject({
      retryable: false,
      message: "The platform refused the shop's access token (401); reinstall the app",
    });
    expect(sleeps).toEqual([]);
  });
});
