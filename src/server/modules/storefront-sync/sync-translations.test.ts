import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { jobs, platformInstallations, storefrontListings } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { startFakeAdminGraphql } from '../../../../test/fakes/fake-admin-graphql.ts';
import { patchStoreSettings } from '../settings/store-settings.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';
import { TRANSLATIONS_SYNC_JOB } from './index.ts';

const SHOP = 'demo-market.myshopify.com';
const TOKEN = 'shpat_demo_market';
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeAdminGraphql>>;
let s: { admin: Session; vendor1: Session };
let id: string;
let platformId: string;

beforeAll(async () => {
  fake = await startFakeAdminGraphql({
    tokens: { [SHOP]: TOKEN },
    shop: {
      locations: [{ id: 'gid://shopify/Location/1', name: 'Shop location' }],
      publications: [],
      locales: [
        { locale: 'en', primary: true, published: true },
        { locale: 'nl', primary: false, published: true },
      ],
      draftOrders: 0,
    },
  });
  t = await createTestApp({ env: { SHOPIFY_ADMIN_BASE_URL: fake.baseUrlTemplate }, platformDeps: { sleep: async () => {} } });
  s = await demoSessions(t);
  await patchStoreSettings(t.db, 'demo', { translations: { enabled: true, locales: ['nl', 'de'], dict: {} } });
  const encryption = await getEncryption(t.db);
  await t.db.insert(platformInstallations).values({
    shop: SHOP,
    storeId: 'demo',
    kind: 'marketplace',
    accessTokenEnc: encryption.encrypt(TOKEN, SHOP),
    scope: 'write_products,write_translations',
  });
  id = await saveProduct(
    t,
    s.admin,
    productInput({
      title: 'Blue mug',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      bodyHtml: '<p>Blue</p>',
      options: [{ name: 'Size', values: ['S'] }],
      variants: [{ price: '10', stock: 1, options: ['S'] }],
    }),
  );
  await t.ctx.jobs.drain();
  platformId = (await t.db.select().from(storefrontListings).where(eq(storefrontListings.productId, id)))[0].platformProductId!;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const patch = (translations: object[]) => caller(t, s.admin)('PATCH', `/api/products/${id}/translations`, { translations });
const onPlatform = () => Object.fromEntries(fake.translations.get(platformId) ?? []);

describe("a synced product's translations on the platform (translationsRegister)", () => {
  it('a saved translation is sent with the digest of the text it translates, as the platform has it', async () => {
    expect(platformId).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    const res = await patch([
      { locale: 'nl', key: 'title', value: 'Blauwe mok', digest: sha('Blue mug') },
      { locale: 'nl', key: 'body_html', value: '<p>Blauw</p>' },
      { locale: 'nl', key: 'option1.name', value: 'Maat' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.jobs.drain();
    expect(onPlatform()).toEqual({
      'nl:title': { value: 'Blauwe mok', digest: sha('Blue mug') },
      'nl:body_html': { value: '<p>Blauw</p>', digest: sha('<p>Blue</p>') },
    });
    const call = fake.calls.filter((c) => c.operation === 'TranslationsRegister').at(-1)!;
    // Option names are resources of their own on the platform: not sent with the product.
    expect((call.variables.translations as { key: string }[]).map((x) => x.key).sort()).toEqual(['body_html', 'title']);
  });

  it('a translation of an older text is not sent (and the platform no longer shows the one it replaced); a changed product sends it again', async () => {
    await patch([{ locale: 'nl', key: 'title', value: 'Oude mok', digest: sha('Old mug') }]);
    await t.ctx.jobs.drain();
    expect(onPlatform()['nl:title']).toBeUndefined();
    expect(onPlatform()['nl:body_html'].value).toBe('<p>Blauw</p>');
    const before = fake.calls.length;
    await saveProduct(
      t,
      s.admin,
      productInput({
        id,
        title: 'Old mug',
        vendor: 'Vendor One',
        status: 'ACTIVE',
        bodyHtml: '<p>Blue</p>',
        options: [{ name: 'Size', values: ['S'] }],
        variants: [{ price: '10', stock: 1, options: ['S'] }],
      }),
    );
    await t.ctx.jobs.drain();
    expect(fake.calls.slice(before).map((c) => c.operation)).toContain('TranslationsRegister');
    expect(onPlatform()['nl:title']).toEqual({ value: 'Oude mok', digest: sha('Old mug') });
  });

  it('a language the shop does not have is refused by the platform and the job fails with its message', async () => {
    await patch([{ locale: 'de', key: 'title', value: 'Alter Becher' }]);
    await t.ctx.jobs.drain();
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, TRANSLATIONS_SYNC_JOB.type), eq(jobs.status, 'pending')));
    expect(job.lastError).toMatch(/Locale is not enabled for this shop/);
    await t.db.delete(jobs).where(eq(jobs.id, job.id));
    await patch([{ locale: 'de', key: 'title', value: '' }]);
    await t.ctx.jobs.drain();
  });

  it('a translation deleted here is removed on the platform (translationsRemove)', async () => {
    await patch([{ locale: 'nl', key: 'body_html', value: '' }]);
    await t.ctx.jobs.drain();
    expect(onPlatform()).toEqual({ 'nl:title': { value: 'Oude mok', digest: sha('Old mug') } });
    expect(fake.calls.filter((c) => c.operation === 'TranslationsRemove').at(-1)!.variables).toMatchObject({
      translationKeys: ['body_html'],
      locales: ['nl'],
    });
  });
});

describe('the public catalog per locale (GET public/catalog?locale=)', () => {
  const catalog = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/catalog?store=demo&id=${id}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().products[0];
  };

  it("answers a product's up-to-date translations in the language asked, the source where there is none", async () => {
    await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { features: { catalog: { enabled: true } } } });
    expect(await catalog('&locale=nl')).toMatchObject({
      title: 'Oude mok',
      bodyHtml: '<p>Blue</p>',
      options: [{ name: 'Maat', values: ['S'] }],
    });
    expect(await catalog('')).toMatchObject({ title: 'Old mug', bodyHtml: '<p>Blue</p>', options: [{ name: 'Size' }] });
    expect(await catalog('&locale=de')).toMatchObject({ title: 'Old mug' });
    // The source changed: the translation of the old text is not shown.
    await patch([{ locale: 'nl', key: 'title', value: 'Blauwe mok', digest: sha('Blue mug') }]);
    expect((await catalog('&locale=nl')).title).toBe('Old mug');
    const bad = await t.app.inject({ method: 'GET', url: '/api/public/catalog?store=demo&locale=dutch' });
    expect(bad.statusCode).toBe(400);
  });
});
