import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { jobs, platformInstallations, vendorPagePublications } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { startFakeAdminGraphql } from '../../../../test/fakes/fake-admin-graphql.ts';
import { VENDOR_PAGE_SYNC_JOB } from './publish-vendor-page.ts';

const SHOP = 'demo-market.myshopify.com';
const TOKEN = 'shpat_demo_market';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeAdminGraphql>>;
let admin: Awaited<ReturnType<TestApp['login']>>;
let vendor1: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  fake = await startFakeAdminGraphql({ tokens: { [SHOP]: TOKEN } });
  t = await createTestApp({ env: { SHOPIFY_ADMIN_BASE_URL: fake.baseUrlTemplate }, platformDeps: { sleep: async () => {} } });
  [admin, vendor1] = await Promise.all([t.login(DEMO_ACCOUNTS.admin), t.login(DEMO_ACCOUNTS.vendor1)]);
  const encryption = await getEncryption(t.db);
  await t.db
    .insert(platformInstallations)
    .values({ shop: SHOP, storeId: 'demo', kind: 'marketplace', accessTokenEnc: encryption.encrypt(TOKEN, SHOP), scope: 'write_products' });
  await t.app.inject({
    method: 'POST',
    url: '/api/metafields',
    headers: admin.headers,
    payload: { owner: 'collections', key: 'story', name: 'Our story', type: 'textarea', showOnVendorPage: true },
  });
  await t.app.inject({
    method: 'PATCH',
    url: '/api/app/info/features',
    headers: admin.headers,
    payload: { features: { vendorPage: { enabled: true, collectionTemplate: 'vendor', sections: [{ name: 'About', keys: ['story'] }] } } },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const save = (payload: object) => t.app.inject({ method: 'POST', url: '/api/vendors/v2', headers: vendor1.headers, payload });
const decide = (action: string) =>
  t.app.inject({ method: 'PUT', url: '/api/vendors/v2/action', headers: admin.headers, payload: { action, vendor: 'Vendor One' } });
const publication = async () => (await t.db.select().from(vendorPagePublications))[0];

describe("a vendor's approved page on the storefront platform (a collection of its products)", () => {
  it('is not pushed while it waits for review; approved, the sync job creates the collection (collectionCreate)', async () => {
    expect(
      (
        await save({
          description: '<p>Hand-thrown</p>',
          imageUrl: 'https://cdn.test/one.png',
          metafields: [{ key: 'story', value: 'Line one\nLine two' }],
        })
      ).statusCode,
    ).toBe(200);
    await t.ctx.jobs.drain();
    expect(fake.collections.size).toBe(0);
    expect((await decide('approve')).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    const row = await publication();
    expect(row.platformCollectionId).toMatch(/^gid:\/\/shopify\/Collection\/\d+$/);
    expect(row).toMatchObject({ shop: SHOP, lastError: null, syncedVersion: row.version });
    expect(fake.collections.get(row.platformCollectionId!)).toEqual({
      title: 'Vendor One',
      descriptionHtml: '<p>Hand-thrown</p>',
      image: { src: 'https://cdn.test/one.png', altText: 'Vendor One' },
      templateSuffix: 'vendor',
      ruleSet: { appliedDisjunctively: false, rules: [{ column: 'VENDOR', relation: 'EQUALS', condition: 'Vendor One' }] },
      metafields: [{ namespace: 'custom', key: 'story', type: 'multi_line_text_field', value: 'Line one\nLine two' }],
    });
  });

  it('a newly approved version updates the same collection (collectionUpdate); an outage is retried by the queue', async () => {
    const id = (await publication()).platformCollectionId!;
    await save({ description: '<p>Wood-fired now</p>', imageUrl: '', metafields: [{ key: 'story', value: 'Since 1999' }] });
    fake.failNext(6);
    await decide('approve');
    await t.ctx.jobs.drain();
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, VENDOR_PAGE_SYNC_JOB.type), eq(jobs.status, 'pending')));
    expect(job.attempts).toBe(1);
    expect((await publication()).lastError).toMatch(/503/);
    await t.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, job.id));
    await t.ctx.jobs.drain();
    expect(await publication()).toMatchObject({ platformCollectionId: id, lastError: null });
    expect(fake.collections.get(id)).toMatchObject({
      descriptionHtml: '<p>Wood-fired now</p>',
      image: null,
      metafields: [{ key: 'story', value: 'Since 1999' }],
    });
    expect(fake.calls.filter((c) => c.operation === 'VendorCollectionUpdate').at(-1)!.variables.input).not.toHaveProperty('ruleSet');
  });

  it('switching vendor pages off takes every collection down, on again restores it, a new template re-templates it', async () => {
    const features = (vendorPage: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/app/info/features', headers: admin.headers, payload: { features: { vendorPage } } });
    expect((await features({ enabled: false })).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(fake.collections.size).toBe(0);
    expect(await publication()).toMatchObject({ platformCollectionId: null, lastError: null });

    expect((await features({ enabled: true })).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    const id = (await publication()).platformCollectionId!;
    expect(fake.collections.get(id)).toMatchObject({
      title: 'Vendor One',
      templateSuffix: 'vendor',
      descriptionHtml: '<p>Wood-fired now</p>',
    });

    expect((await features({ collectionTemplate: 'seller' })).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(fake.collections.get(id)).toMatchObject({ templateSuffix: 'seller' });
  });

  it('an unapproved page is deleted from the platform (collectionDelete)', async () => {
    await decide('unapprove');
    await t.ctx.jobs.drain();
    expect(fake.collections.size).toBe(0);
    expect(await publication()).toMatchObject({ page: null, platformCollectionId: null, shop: null });
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(and(like(jobs.type, VENDOR_PAGE_SYNC_JOB.type), eq(jobs.status, 'failed'))),
    ).toEqual([]);
  });
});
