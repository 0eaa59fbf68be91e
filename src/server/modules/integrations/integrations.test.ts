import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { addFakeProduct, makeFakeShop, startFakePrestaShop } from '../../../../test/fakes/fake-prestashop.ts';
import {
  catalogSyncs,
  externalProductLinks,
  integrationKeys,
  productVariants,
  products,
  stores,
  users,
  vendors,
} from '#server/db/schema/index';
import { hashPassword } from '../auth/passwords.ts';
import { runCatalogSync } from './catalog-sync.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';

const KEY = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ123456';

let t: TestApp;
let shop: Awaited<ReturnType<typeof startFakePrestaShop>>;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let vendor1Id: string;

beforeAll(async () => {
  shop = await startFakePrestaShop({ key: KEY, shop: makeFakeShop(250) });
  t = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
  s = await demoSessions(t);
  [{ id: vendor1Id }] = await t.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.storeId, 'demo'), eq(vendors.name, 'Vendor One')));
});
afterAll(async () => {
  await t.close();
  await shop.close();
});

/** Runs the queued jobs (the sync, its hand-overs, the mails) until none is left. */
const drain = () => t.ctx.jobs.drain();

async function connect(session: Session, body: Record<string, unknown> = { domain: shop.url, webserviceKey: KEY }) {
  return caller(t, session)('POST', '/api/integrations/keys', body);
}

const vendorProducts = (vendorId: string) =>
  t.db
    .select()
    .from(products)
    .where(and(eq(products.storeId, 'demo'), eq(products.vendorId, vendorId)));

describe('connecting a PrestaShop shop', () => {
  it('checks the key with the shop first: a refused key or a bad address changes nothing', async () => {
    const refused = await connect(s.vendor1, { domain: shop.url, webserviceKey: 'WRONGKEYWRONGKEYWRONGKEYWRONGKEY' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The shop refused this webservice key; check that it is complete, active and allowed to read products',
    );
    const bad = await connect(s.vendor1, { domain: 'not a shop', webserviceKey: KEY });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter the address of your shop, like https://shop.example');
    expect((await connect(s.vendor1, { domain: '', webserviceKey: '' })).json().message).toBe('Required field');
    expect(await t.db.select().from(integrationKeys)).toHaveLength(0);
  });

  it('never calls an internal address a vendor gives (SSRF), whatever the key', async () => {
    for (const domain of ['http://127.0.0.1:9', 'http://10.0.0.1', 'http://169.254.169.254', 'http://[::1]:80', 'http://localhost:9']) {
      const res = await caller(t, s.vendor2)('POST', '/api/integrations/keys', { domain, webserviceKey: KEY });
      // 127.0.0.1 is let through in this test for the fake; its port 9 is closed: either way nothing is saved.
      expect(res.statusCode, domain).toBe(400);
    }
    const metadata = await caller(t, s.vendor2)('POST', '/api/integrations/keys', { domain: 'http://169.254.169.254', webserviceKey: KEY });
    expect(metadata.json().message).toBe('Could not check the key with the shop: This address is not reachable from here');
    expect(await t.db.select().from(integrationKeys)).toHaveLength(0);
  });

  it('stores the key sealed, never answers it, and tells the admins', async () => {
    const res = await connect(s.vendor1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      canConnect: true,
      integration: {
        type: 'prestashop',
        domain: shop.url,
        additionalCost: '0.00',
        additionalFactor: 1,
        skipPriceUpdate: false,
        skipContentUpdate: false,
      },
      lastSync: null,
    });
    expect(res.body).not.toContain(KEY);
    const [row] = await t.db.select().from(integrationKeys);
    expect(row.keyEncrypted).not.toContain(KEY);
    const [mail] = await t.mailsTo(DEMO_ACCOUNTS.admin);
    expect(mail.template).toBe('marketplace-integration-set');
    expect(mail.subject).toBe('PrestaShop is connected to Demo Marketplace');
    expect(mail.html).toContain(`Vendor One connected its shop ${shop.url}`);
  });

  it('sets the price rule and skip flags; the marketplace view connects nothing', async () => {
    const saved = await caller(t, s.vendor1)('PUT', '/api/integrations/keys', {
      additionalCost: '1.50',
      additionalFactor: 1.2,
      skipPriceUpdate: false,
      skipContentUpdate: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().integration).toMatchObject({ additionalCost: '1.50', currency: 'USD', additionalFactor: 1.2 });
    const settings = { additionalFactor: 1, skipPriceUpdate: false, skipContentUpdate: false };
    // The cost is text in the store's currency, never a number, never rounded.
    expect((await caller(t, s.vendor1)('PUT', '/api/integrations/keys', { ...settings, additionalCost: 1.5 })).json().errors).toEqual([
      { path: 'additionalCost', message: 'Must be an amount like 2.50' },
    ]);
    expect((await caller(t, s.vendor1)('PUT', '/api/integrations/keys', { ...settings, additionalCost: '1.505' })).json().errors).toEqual([
      { path: 'additionalCost', message: 'Must have at most 2 decimals' },
    ]);
    expect(
      (
        await caller(t, s.vendor1)('PUT', '/api/integrations/keys', {
          additionalCost: '-1',
          additionalFactor: 0,
          skipPriceUpdate: false,
          skipContentUpdate: false,
        })
      ).json().errors,
    ).toEqual([
      { path: 'additionalCost', message: 'Must be 0 or more' },
      { path: 'additionalFactor', message: 'Must be more than 0 and at most 100' },
    ]);
    expect((await caller(t, s.admin)('GET', '/api/integrations/keys')).json()).toEqual({
      canConnect: false,
      integration: null,
      lastSync: null,
    });
    const admin = await connect(s.admin);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe('Switch to a vendor: a shop is connected for one vendor');
  });
});

describe('the catalog sync', () => {
  it('imports every product with its combinations, stock, images and prices (× factor + cost), with progress', async () => {
    shop.throttle(3, 429);
    const started = await caller(t, s.vendor1)('POST', '/api/integrations/prestashop/sync');
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'running', progress: 0 });
    const twice = await caller(t, s.vendor1)('POST', '/api/integrations/prestashop/sync');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A sync of this shop is already running');
    await drain();
    const { lastSync } = (await caller(t, s.vendor1)('GET', '/api/integrations/keys')).json();
    expect(lastSync).toMatchObject({ status: 'done', total: 250, progress: 250, created: 250, updated: 0, unchanged: 0, failed: [] });

    const imported = await vendorProducts(vendor1Id);
    expect(imported.filter((p) => p.title.startsWith('Prestashop product'))).toHaveLength(250);
    const sized = imported.find((p) => p.title === 'Prestashop product 5')!;
    expect(sized.options).toMatchObject([{ name: 'Size', values: ['S', 'M'] }]);
    expect(sized.media.map((m) => m.src)).toEqual([`${shop.url}/img/p/5/1/51.jpg`]);
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, sized.id));
    // 15.99 × 1.2 + 1.50 = 20.688 → 20.69; the M size adds 2.50 before the factor: 18.49 × 1.2 + 1.50 = 23.688 → 23.69.
    expect(variants.map((v) => [v.sku, v.price, v.stock, v.options])).toEqual([
      ['PS-5-S', 2069, 3, ['S']],
      ['PS-5-M', 2369, 3, ['M']],
    ]);
    // Vendor products follow the store's approval rules: not approved until an admin approves them.
    expect(sized.approved).toBe(false);
  });

  it('a re-run of an unchanged shop writes no product; a change updates only that product', async () => {
    const before = await t.db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.vendorId, vendor1Id));
    await caller(t, s.vendor1)('POST', '/api/integrations/prestashop/sync');
    await drain();
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/keys')).json().lastSync).toMatchObject({
      status: 'done',
      created: 0,
      updated: 0,
      unchanged: 250,
    });
    const after = await t.db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.vendorId, vendor1Id));
    expect(after).toEqual(before);

    shop.state.shop.products[6].price = '99.000000';
    shop.state.shop.products[6].name = [{ id: '1', value: 'Renamed product 7' }];
    addFakeProduct(shop.state.shop, 251, false);
    await caller(t, s.vendor1)('POST', '/api/integrations/prestashop/sync');
    await drain();
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/keys')).json().lastSync).toMatchObject({
      status: 'done',
      total: 251,
      created: 1,
      updated: 1,
      unchanged: 249,
    });
    expect(await t.db.select().from(externalProductLinks)).toHaveLength(251);
    const [renamed] = await t.db.select().from(products).where(eq(products.title, 'Renamed product 7'));
    expect((await t.db.select().from(productVariants).where(eq(productVariants.productId, renamed.id)))[0].price).toBe(12030);
  });

  it('honours skipPriceUpdate and skipContentUpdate on products already imported', async () => {
    await caller(t, s.vendor1)('PUT', '/api/integrations/keys', {
      additionalCost: '1.50',
      additionalFactor: 1.2,
      skipPriceUpdate: true,
      skipContentUpdate: true,
    });
    shop.state.shop.products[7].price = '50.000000';
    shop.state.shop.products[7].name = [{ id: '1', value: 'Not taken' }];
    shop.state.shop.stock_availables.find((row) => row.id_product === '8')!.quantity = '42';
    await caller(t, s.vendor1)('POST', '/api/integrations/prestashop/sync');
    await drain();
    const [kept] = await t.db.select().from(products).where(eq(products.title, 'Prestashop product 8'));
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, kept.id));
    // 18.99 × 1.2 + 1.50 = 24.288: the old price stays, the stock follows the shop.
    expect([variant.price, variant.stock]).toEqual([2429, 42]);
  });

  it('a shop that refuses the key fails the sync with the reason', async () => {
    shop.state.key = 'ROTATEDKEYROTATEDKEYROTATEDKEY12';
    await caller(t, s.vendor1)('POST', '/api/integrations/prestashop/sync');
    await drain();
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/keys')).json().lastSync).toMatchObject({
      status: 'failed',
      error: 'The shop refused this webservice key',
    });
    shop.state.key = KEY;
  });
});

describe('a sync that stops half-way', () => {
  it('resumes where its last page left off, and writes no product twice', async () => {
    const [{ id: vendor2Id }] = await t.db
      .select({ id: vendors.id })
      .from(vendors)
      .where(and(eq(vendors.storeId, 'demo'), eq(vendors.name, 'Vendor Two')));
    expect((await connect(s.vendor2)).statusCode).toBe(200);
    const started = (await caller(t, s.vendor2)('POST', '/api/integrations/prestashop/sync')).json();
    // The process is shutting down: the run writes one page, hands over to a fresh job and stops.
    const shutdown = new AbortController();
    shutdown.abort();
    await runCatalogSync(t.ctx, started.id, shutdown.signal);
    expect((await caller(t, s.vendor2)('GET', '/api/integrations/keys')).json().lastSync).toMatchObject({
      status: 'running',
      progress: 100,
      created: 100,
    });
    await drain();
    expect((await caller(t, s.vendor2)('GET', '/api/integrations/keys')).json().lastSync).toMatchObject({
      status: 'done',
      progress: 251,
      created: 251,
      unchanged: 0,
    });
    expect(await vendorProducts(vendor2Id)).toHaveLength(251);
    expect(await t.db.select().from(externalProductLinks).where(eq(externalProductLinks.vendorId, vendor2Id))).toHaveLength(251);
    await caller(t, s.vendor2)('DELETE', '/api/integrations/keys');
  });
});

describe('scope: a vendor sees and syncs only its own shop', () => {
  it('another vendor and another store see no connection, cannot sync or change it, and nothing changes', async () => {
    const snapshot = async () => ({
      keys: await t.db.select().from(integrationKeys),
      syncs: (await t.db.select({ n: sql<number>`count(*)::int` }).from(catalogSyncs))[0].n,
    });
    const before = await snapshot();
    await t.db
      .insert(stores)
      .values({ id: 'other', shopName: 'Other Market', settings: { features: { integrations: { enabled: true } } } });
    const [otherVendor] = await t.db.insert(vendors).values({ storeId: 'other', name: 'Vendor One' }).returning();
    await t.db.insert(users).values({
      storeId: 'other',
      email: DEMO_ACCOUNTS.vendor1,
      vendorId: otherVendor.id,
      passwordHash: await hashPassword('other-password-1'),
    });
    const other = await t.login(DEMO_ACCOUNTS.vendor1, 'other-password-1', 'other');
    for (const session of [s.vendor2, other]) {
      const call = caller(t, session);
      expect((await call('GET', '/api/integrations/keys')).json()).toEqual({ canConnect: true, integration: null, lastSync: null });
      expect((await call('POST', '/api/integrations/prestashop/sync')).json().message).toBe('Connect your PrestaShop shop first');
      expect(
        (
          await call('PUT', '/api/integrations/keys', {
            additionalCost: '9',
            additionalFactor: 3,
            skipPriceUpdate: false,
            skipContentUpdate: false,
          })
        ).json().message,
      ).toBe('Connect your PrestaShop shop first');
      expect((await call('DELETE', '/api/integrations/keys')).statusCode).toBe(200);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 while the store has the integrations feature off', async () => {
    await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { features: { integrations: { enabled: false } } } });
    expect((await caller(t, s.vendor1)('GET', '/api/integrations/keys')).statusCode).toBe(404);
    await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { features: { integrations: { enabled: true } } } });
  });

  it('disconnecting forgets the shop and keeps the imported products', async () => {
    const count = (await vendorProducts(vendor1Id)).length;
    const res = await caller(t, s.vendor1)('DELETE', '/api/integrations/keys');
    expect(res.json()).toEqual({ canConnect: true, integration: null, lastSync: null });
    expect(await t.db.select().from(integrationKeys)).toHaveLength(0);
    expect(await vendorProducts(vendor1Id)).toHaveLength(count);
  });
});
