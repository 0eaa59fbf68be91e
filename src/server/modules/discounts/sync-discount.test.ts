import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { discounts, jobs, platformInstallations } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { startFakeAdminGraphql } from '../../../../test/fakes/fake-admin-graphql.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';
import { DISCOUNT_SYNC_JOB } from './sync-discount.ts';

const SHOP = 'demo-market.myshopify.com';
const TOKEN = 'shpat_demo_market';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeAdminGraphql>>;
let s: { admin: Session; vendor1: Session; vendor2: Session };

beforeAll(async () => {
  fake = await startFakeAdminGraphql({ tokens: { [SHOP]: TOKEN } });
  // Outages are retried with backoff; the tests do not wait for real.
  t = await createTestApp({
    env: { SHOPIFY_ADMIN_BASE_URL: fake.baseUrlTemplate },
    now: () => new Date('2026-11-25T12:00:00Z'),
    platformDeps: { sleep: async () => {} },
  });
  s = await demoSessions(t);
  const encryption = await getEncryption(t.db);
  await t.db.insert(platformInstallations).values({
    shop: SHOP,
    storeId: 'demo',
    kind: 'marketplace',
    accessTokenEnc: encryption.encrypt(TOKEN, SHOP),
    scope: 'write_discounts',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const input = (over: Record<string, unknown> = {}) => ({
  method: 'code',
  code: 'SPRING',
  name: 'Spring sale',
  value: { type: 'percentage', percentage: 15 },
  active: { from: '2026-11-01', withEndDate: true, until: '2026-11-30' },
  limit: { onePerCustomer: true, withUsage: true, usage: 100 },
  minPurchase: { type: 'amount', value: '25' },
  vendor: null,
  ...over,
});
const listed = async (session: Session, id: string) =>
  (await caller(t, session)('GET', '/api/discounts')).json().discounts.find((d: { id: string }) => d.id === id);
const platformIdOf = async (id: string) => (await t.db.select().from(discounts).where(eq(discounts.id, id)))[0].platformDiscountId;

describe('discount codes on the storefront platform', () => {
  let id: string;

  it('a new code is created on the platform by the sync job (discountCodeBasicCreate), and the list says synced', async () => {
    const res = await caller(t, s.admin)('POST', '/api/discounts', input());
    expect(res.statusCode).toBe(201);
    id = res.json().discount.id;
    expect(res.json().discount.sync).toEqual({ state: 'pending', error: null });
    await t.ctx.jobs.drain();
    const platformId = await platformIdOf(id);
    expect(platformId).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/);
    expect(fake.discounts.get(platformId!)).toEqual({
      title: 'Spring sale',
      code: 'SPRING',
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2026-11-30T23:59:59.999Z',
      customerGets: { value: { percentage: 0.15 }, items: { all: true } },
      minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: '25.00' } },
      usageLimit: 100,
      appliesOncePerCustomer: true,
      combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
    });
    expect(await listed(s.admin, id)).toMatchObject({ sync: { state: 'synced', error: null } });
  });

  it('a change replaces the platform copy; a delete removes it (discountCodeDelete)', async () => {
    const before = await platformIdOf(id);
    expect(
      (await caller(t, s.admin)('PUT', `/api/discounts/${id}`, input({ value: { type: 'fixed', fixed: '7.5', percentage: 0 } })))
        .statusCode,
    ).toBe(200);
    await t.ctx.jobs.drain();
    const after = await platformIdOf(id);
    expect(fake.discounts.has(before!)).toBe(false);
    expect(fake.discounts.get(after!)!.customerGets.value).toEqual({ discountAmount: { amount: '7.50', appliesOnEachItem: false } });
    expect((await caller(t, s.admin)('DELETE', `/api/discounts/${id}`)).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(fake.discounts.size).toBe(0);
    expect(await platformIdOf(id)).toBeNull();
  });

  it("a vendor's code covers its products on the platform; without any there, the refusal shows in the list", async () => {
    const refused = (await caller(t, s.vendor1)('POST', '/api/discounts', input({ code: 'EMPTYSHOP' }))).json().discount;
    await t.ctx.jobs.drain();
    expect(await listed(s.vendor1, refused.id)).toMatchObject({
      sync: { state: 'failed', error: "None of the vendor's products is on the storefront yet" },
    });

    await saveProduct(t, s.admin, productInput({ title: 'Mug', vendor: 'Vendor One', status: 'ACTIVE' }));
    await t.ctx.jobs.drain();
    const own = (await caller(t, s.vendor1)('POST', '/api/discounts', input({ code: 'VENDOR1' }))).json().discount;
    await t.ctx.jobs.drain();
    const copy = fake.discounts.get((await platformIdOf(own.id))!)!;
    expect(copy.customerGets.items).toEqual({ products: { productsToAdd: [expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/)] } });
  });

  it('retries a platform outage with backoff: the list shows pending with the error until it goes through', async () => {
    fake.failNext(6);
    const res = await caller(t, s.admin)('POST', '/api/discounts', input({ code: 'OUTAGE' }));
    const outage = res.json().discount.id;
    await t.ctx.jobs.drain();
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, DISCOUNT_SYNC_JOB.type), like(jobs.dedupeKey, `%${outage}%`)));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await listed(s.admin, outage)).toMatchObject({ sync: { state: 'pending', error: expect.stringMatching(/503/) } });
    await t.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, job.id));
    await t.ctx.jobs.drain();
    expect(await listed(s.admin, outage)).toMatchObject({ sync: { state: 'synced', error: null } });
  });

  it('an automatic discount is created on the platform (discountAutomaticBasicCreate), updated in place, then deleted', async () => {
    const automatic = input({
      method: 'automatic',
      code: '',
      name: 'Winter sale',
      limit: { onePerCustomer: false, withUsage: false, usage: 1 },
    });
    const res = await caller(t, s.admin)('POST', '/api/discounts', automatic);
    expect(res.statusCode, res.body).toBe(201);
    const auto = res.json().discount.id;
    await t.ctx.jobs.drain();
    const platformId = await platformIdOf(auto);
    expect(platformId).toMatch(/^gid:\/\/shopify\/DiscountAutomaticNode\/\d+$/);
    expect(fake.automaticDiscounts.get(platformId!)).toEqual({
      title: 'Winter sale',
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2026-11-30T23:59:59.999Z',
      customerGets: { value: { percentage: 0.15 }, items: { all: true } },
      minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: '25.00' } },
      combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
    });
    expect(await listed(s.admin, auto)).toMatchObject({ sync: { state: 'synced', error: null } });

    const changed = await caller(t, s.admin)('PUT', `/api/discounts/${auto}`, {
      ...automatic,
      value: { type: 'percentage', fixed: '0', percentage: 20 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await t.ctx.jobs.drain();
    expect(await platformIdOf(auto)).toBe(platformId);
    expect(fake.automaticDiscounts.get(platformId!)!.customerGets.value).toEqual({ percentage: 0.2 });
    expect(fake.calls.at(-1)!.operation).toBe('DiscountAutomaticUpdate');

    expect((await caller(t, s.admin)('DELETE', `/api/discounts/${auto}`)).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(fake.automaticDiscounts.size).toBe(0);
    expect(await platformIdOf(auto)).toBeNull();
  });

  it('an automatic discount with a usage limit is refused for the platform (it counts no uses), and its old copy goes', async () => {
    const automatic = input({
      method: 'automatic',
      code: '',
      name: 'Flash sale',
      limit: { onePerCustomer: false, withUsage: false, usage: 1 },
    });
    const auto = (await caller(t, s.admin)('POST', '/api/discounts', automatic)).json().discount.id;
    await t.ctx.jobs.drain();
    expect(fake.automaticDiscounts.size).toBe(1);
    const limited = await caller(t, s.admin)('PUT', `/api/discounts/${auto}`, {
      ...automatic,
      value: { type: 'percentage', fixed: '0', percentage: 15 },
      limit: { onePerCustomer: true, withUsage: true, usage: 50 },
    });
    expect(limited.statusCode, limited.body).toBe(200);
    await t.ctx.jobs.drain();
    expect(await listed(s.admin, auto)).toMatchObject({
      sync: { state: 'failed', error: "The platform's automatic discounts cannot limit their uses: remove the limit or make it a code" },
    });
    expect(fake.automaticDiscounts.size).toBe(0);
    expect(await platformIdOf(auto)).toBeNull();
  });
});
