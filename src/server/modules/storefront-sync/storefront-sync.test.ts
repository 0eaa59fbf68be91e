import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { jobs, platformInstallations, products, storefrontListings } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { startFakeAdminGraphql } from '../../../../test/fakes/fake-admin-graphql.ts';
import { demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';
import { enqueueNewProductsSync, enqueueProductSync, STOREFRONT_BATCH_SYNC_JOB, STOREFRONT_SYNC_JOB } from './index.ts';

const SHOP = 'demo-market.myshopify.com';
const TOKEN = 'shpat_demo_market';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeAdminGraphql>>;
let admin: Session;
let vendor1: Session;

beforeAll(async () => {
  fake = await startFakeAdminGraphql({ tokens: { [SHOP]: TOKEN }, locationId: 'gid://shopify/Location/77' });
  // The platform's throttling and outages are retried with backoff; the tests do not wait for real.
  t = await createTestApp({ env: { SHOPIFY_ADMIN_BASE_URL: fake.baseUrlTemplate }, platformDeps: { sleep: async () => {} } });
  ({ admin, vendor1 } = await demoSessions(t));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const listingOf = async (productId: string) =>
  (await t.db.select().from(storefrontListings).where(eq(storefrontListings.productId, productId)))[0];
const syncJobsOf = (productId: string) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, STOREFRONT_SYNC_JOB.type), like(jobs.dedupeKey, `%${productId}%`)));
const act = (who: Session, productId: string, action: 'approve' | 'unapprove' | 'delete') =>
  t.app.inject({ method: 'PATCH', url: `/api/product-v2/${productId}/${action}`, headers: who.headers, payload: {} });

/** A T-shirt in two sizes and two colours, saved by the admin for Vendor One. */
const shirt = (over: Record<string, unknown> = {}) =>
  productInput({
    title: 'Organic T-shirt',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    options: [
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ],
    variants: [
      ['S', 'Red'],
      ['S', 'Blue'],
      ['M', 'Red'],
      ['M', 'Blue'],
    ].map(([size, color]) => ({ price: '19.99', sku: `TS-${size}-${color}`, options: [size, color], trackStock: true, stock: 4 })),
    ...over,
  });

describe('storefront sync on the built-in storefront (local)', () => {
  it('a batch of new products queues one job for its sellable ones, which pushes each of them', async () => {
    const ids = [
      await saveProduct(t, admin, productInput({ title: 'Batch mug', vendor: 'Vendor One', status: 'ACTIVE' })),
      await saveProduct(t, admin, productInput({ title: 'Batch cup', vendor: 'Vendor One', status: 'ACTIVE' })),
    ];
    await t.ctx.jobs.drain();
    const made = await t.db.select().from(products).where(inArray(products.id, ids));
    const draft = { id: ids[0], approved: true, status: 'DRAFT' };
    expect(await enqueueNewProductsSync(t.ctx, [...made, draft])).toBe(2);
    const queued = await t.db.select().from(jobs).where(eq(jobs.type, STOREFRONT_BATCH_SYNC_JOB.type));
    expect(queued.map((j) => j.payload)).toEqual([{ productIds: made.map((p) => p.id) }]);
    await t.ctx.jobs.drain();
    expect((await t.db.select().from(jobs).where(eq(jobs.type, STOREFRONT_BATCH_SYNC_JOB.type))).map((j) => j.status)).toEqual(['done']);
    for (const id of ids) expect(await listingOf(id)).toMatchObject({ state: 'published', lastError: null });
  });

  it('publishes an approved ACTIVE product: the listing records when', async () => {
    const id = await saveProduct(t, admin, productInput({ title: 'Local mug', vendor: 'Vendor One', status: 'ACTIVE' }));
    await t.ctx.jobs.drain();
    const [product] = await t.db.select().from(products).where(eq(products.id, id));
    expect(await listingOf(id)).toMatchObject({
      platform: 'local',
      shop: null,
      platformProductId: null,
      state: 'published',
      lastError: null,
      lockedUntil: null,
    });
    expect((await listingOf(id)).syncedUpdatedAt?.getTime()).toBe(product.updatedAt.getTime());
    expect(fake.calls).toEqual([]);
  });

  it('queues nothing for a product waiting for review, publishes it on approval and takes it off on unapproval', async () => {
    const id = await saveProduct(t, vendor1, productInput({ title: 'Vendor mug', status: 'ACTIVE' }));
    expect(await syncJobsOf(id)).toEqual([]);
    expect((await act(admin, id, 'approve')).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(await listingOf(id)).toMatchObject({ state: 'published' });
    expect((await act(admin, id, 'unapprove')).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(await listingOf(id)).toMatchObject({ state: 'unpublished' });
    expect((await act(admin, id, 'delete')).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(await listingOf(id)).toBeUndefined();
    expect((await syncJobsOf(id)).map((j) => j.status)).toEqual(['done', 'done', 'done']);
  });

  it('queues one job per product state, however often it is reported', async () => {
    const id = await saveProduct(t, admin, productInput({ title: 'Twice reported', vendor: 'Vendor One', status: 'ACTIVE' }));
    expect(await enqueueProductSync(t.ctx, id)).toBe(true);
    expect(await enqueueProductSync(t.ctx, id)).toBe(true);
    expect(await syncJobsOf(id)).toHaveLength(1);
    // A DRAFT product that was never published needs no push.
    const draft = await saveProduct(
      t,
      admin,
      productInput({ title: 'Draft only', vendor: 'Vendor One', status: 'DRAFT', variants: [{ price: '1', sku: 'D-1', stock: 1 }] }),
    );
    expect(await enqueueProductSync(t.ctx, draft)).toBe(false);
    await t.ctx.jobs.drain();
  });
});

describe('storefront sync to the platform (shopify)', () => {
  let productId: string;

  beforeAll(async () => {
    const encryption = await getEncryption(t.db);
    await t.db.insert(platformInstallations).values({
      shop: SHOP,
      storeId: 'demo',
      kind: 'marketplace',
      accessTokenEnc: encryption.encrypt(TOKEN, SHOP),
      scope: 'write_products,write_inventory',
    });
    // A vendor's own shop is a source of products, never the storefront.
    await t.db.insert(platformInstallations).values({
      shop: 'vendor-own.myshopify.com',
      storeId: 'demo',
      kind: 'seller',
      accessTokenEnc: encryption.encrypt('x', 'vendor-own.myshopify.com'),
    });
  });

  it('pushes an approved product with productSet once it is saved, with the store token, and records the platform id', async () => {
    fake.calls.length = 0;
    productId = await saveProduct(t, admin, shirt());
    await t.ctx.jobs.drain();
    const set = fake.calls.find((c) => c.operation === 'ProductSet')!;
    expect(set).toMatchObject({ shop: SHOP, version: '2025-07', token: TOKEN });
    const input = set.variables.input as {
      id?: string;
      vendor: string;
      variants: { price: string; optionValues: unknown[]; inventoryQuantities: unknown[] }[];
    };
    expect(input.id).toBeUndefined();
    expect(input.vendor).toBe('Vendor One');
    expect(input.variants).toHaveLength(4);
    expect(input.variants[3]).toMatchObject({
      price: '19.99',
      optionValues: [
        { optionName: 'Size', name: 'M' },
        { optionName: 'Color', name: 'Blue' },
      ],
      inventoryQuantities: [{ locationId: 'gid://shopify/Location/77', name: 'available', quantity: 4 }],
    });
    // The store has no template suffix: the theme's default product template.
    expect(set.variables.input).toMatchObject({ templateSuffix: null });
    const listing = await listingOf(productId);
    expect(listing).toMatchObject({ platform: 'shopify', shop: SHOP, state: 'published', lastError: null });
    expect(listing.platformProductId).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
  });

  it('pushes a change to the same platform product, keeping its variants, through one throttled answer', async () => {
    const { platformProductId } = await listingOf(productId);
    const before = fake.products.get(platformProductId!)!.variants.map((v) => v.id);
    // The store's templateSuffix picks the theme's product template for what it pushes from now on.
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/app/info/features',
          headers: admin.headers,
          payload: { features: { templateSuffix: 'marketplace' } },
        })
      ).statusCode,
    ).toBe(200);
    fake.calls.length = 0;
    fake.throttleNext(1);
    await saveProduct(t, admin, shirt({ id: productId, title: 'Organic T-shirt, new cut' }));
    await t.ctx.jobs.drain();
    const sets = fake.calls.filter((c) => c.operation === 'ProductSet');
    const input = sets.at(-1)!.variables.input as { id: string; title: string; variants: { id: string }[] };
    // The first call was answered THROTTLED and made again; nothing else was repeated.
    expect(fake.calls.map((c) => c.operation)).toEqual(['ProductVariants', 'ProductVariants', 'PrimaryLocation', 'ProductSet']);
    expect(input).toMatchObject({ id: platformProductId, title: 'Organic T-shirt, new cut', templateSuffix: 'marketplace' });
    expect(input.variants.map((v) => v.id)).toEqual(before);
    expect(fake.products.get(platformProductId!)!.input.title).toBe('Organic T-shirt, new cut');
    expect(await listingOf(productId)).toMatchObject({ state: 'published', platformProductId, lastError: null });
  });

  it('retries a platform outage with backoff until the push goes through', async () => {
    fake.failNext(6);
    await saveProduct(t, admin, shirt({ id: productId, title: 'Organic T-shirt, during an outage' }));
    await t.ctx.jobs.drain();
    const [job] = (await syncJobsOf(productId)).filter((j) => j.status !== 'done');
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    expect((await listingOf(productId)).lastError).toMatch(/failed after 6 attempts: the platform answered 503/);
    // The retry is due: the platform is back.
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    await t.ctx.jobs.drain();
    expect(fake.products.get((await listingOf(productId)).platformProductId!)!.input.title).toBe('Organic T-shirt, during an outage');
    expect(await listingOf(productId)).toMatchObject({ state: 'published', lastError: null });
  });

  it('records a refusal of the product on the listing without retrying it', async () => {
    const [product] = await t.db.select().from(products).where(eq(products.id, productId));
    // Two variants with the same option values: the platform refuses the product (userErrors).
    await t.db
      .update(products)
      .set({ options: [{ name: 'Size', values: ['S'] }], updatedAt: new Date() })
      .where(eq(products.id, productId));
    expect(await enqueueProductSync(t.ctx, productId)).toBe(true);
    await t.ctx.jobs.drain();
    const listing = await listingOf(productId);
    expect(listing.lastError).toMatch(/^The platform refused the product: /);
    expect((await syncJobsOf(productId)).every((j) => j.status === 'done')).toBe(true);
    await t.db.update(products).set({ options: product.options, updatedAt: new Date() }).where(eq(products.id, productId));
    await enqueueProductSync(t.ctx, productId);
    await t.ctx.jobs.drain();
    expect((await listingOf(productId)).lastError).toBeNull();
  });

  it('sets the platform product to draft on unapproval and deletes it with the product', async () => {
    const { platformProductId } = await listingOf(productId);
    expect((await act(admin, productId, 'unapprove')).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(fake.calls.at(-1)).toMatchObject({
      operation: 'ProductUnpublish',
      variables: { product: { id: platformProductId, status: 'DRAFT' } },
    });
    expect(fake.products.get(platformProductId!)!.status).toBe('DRAFT');
    expect(await listingOf(productId)).toMatchObject({ state: 'unpublished', platformProductId });

    expect((await act(admin, productId, 'approve')).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(await listingOf(productId)).toMatchObject({ state: 'published', platformProductId });

    expect((await act(admin, productId, 'delete')).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(fake.calls.at(-1)).toMatchObject({ operation: 'ProductDelete', variables: { input: { id: platformProductId } } });
    expect(fake.products.has(platformProductId!)).toBe(false);
    expect(await listingOf(productId)).toBeUndefined();
  });
});
