import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { planCharges, platformInstallations, storePlans, stores } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { signedWebhook, startFakeAdminGraphql } from '../../../../test/fakes/fake-admin-graphql.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';

const SHOP = 'demo-market.myshopify.com';
const TOKEN = 'shpat_demo_market';
const SECRET = 'hush';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeAdminGraphql>>;
let s: { admin: Session; vendor1: Session };

beforeAll(async () => {
  fake = await startFakeAdminGraphql({ tokens: { [SHOP]: TOKEN } });
  t = await createTestApp({
    env: { SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: SECRET, SHOPIFY_ADMIN_BASE_URL: fake.baseUrlTemplate },
    platformDeps: { sleep: async () => {} },
  });
  s = await demoSessions(t);
  const encryption = await getEncryption(t.db);
  await t.db
    .insert(platformInstallations)
    .values({ shop: SHOP, storeId: 'demo', kind: 'marketplace', accessTokenEnc: encryption.encrypt(TOKEN, SHOP), scope: 'write_products' });
  await t.db.update(stores).set({ platformShop: SHOP }).where(eq(stores.id, 'demo'));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const admin = () => caller(t, s.admin);
const installation = async () => (await admin()('GET', '/api/admin/installation')).json();
const choose = (plan: string, addons: string[] = []) => admin()('PUT', '/api/admin/installation', { plan, addons });
const deliver = (delivery: { topic: string; shop: string; body: unknown }, eventId?: string) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/shopify', ...signedWebhook(SECRET, delivery, eventId) });
const subscriptionOf = (url: string) => `gid://shopify/AppSubscription/${/\/(\d+)\/RecurringApplicationCharge\//.exec(url)![1]}`;
/** The merchant decides on the platform; the platform then sends its webhooks, which the job applies. */
async function merchant(url: string, status: 'ACTIVE' | 'DECLINED' | 'CANCELLED') {
  for (const delivery of fake.decideSubscription(subscriptionOf(url), status))
    expect((await deliver(delivery)).json()).toEqual({ received: true });
  await t.ctx.jobs.drain();
}

describe('a plan change on a store installed on the platform is charged through its billing', () => {
  let scaleUrl: string;

  it('PUT creates a recurring charge (appSubscriptionCreate) and answers its approval page; the plan waits', async () => {
    const before = (await installation()).subscription;
    const res = await choose('scale');
    expect(res.statusCode, res.body).toBe(200);
    scaleUrl = res.json().url;
    expect(scaleUrl).toMatch(
      new RegExp(`^https://${SHOP}/admin/charges/4242/\\d+/RecurringApplicationCharge/confirm_recurring_application_charge`),
    );
    const charge = fake.subscriptions.get(subscriptionOf(scaleUrl))!;
    expect(charge.input).toEqual({
      name: 'Marketplace scale plan',
      returnUrl: expect.stringMatching(/\/app\/installation\?charge=[0-9a-f-]{36}$/),
      test: false,
      lineItems: [
        { plan: { appRecurringPricingDetails: { price: { amount: '199.00', currencyCode: 'USD' }, interval: 'EVERY_30_DAYS' } } },
      ],
    });
    const state = await installation();
    expect(state.subscription).toEqual(before);
    expect(state).toMatchObject({ billing: 'platform', pendingCharge: { plan: 'scale', addons: [], price: '199.00', currency: 'USD' } });
  });

  it('refuses a webhook with a bad signature (401) and changes nothing', async () => {
    const [delivery] = fake.decideSubscription(subscriptionOf(scaleUrl), 'PENDING');
    const forged = signedWebhook('not-the-secret', {
      ...delivery,
      body: { app_subscription: { ...delivery.body.app_subscription, status: 'ACTIVE' } },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/shopify', ...forged });
    expect(res.statusCode).toBe(401);
    await t.ctx.jobs.drain();
    expect((await installation()).pendingCharge).toMatchObject({ plan: 'scale' });
  });

  it('the merchant approves: app_subscriptions/update ACTIVE applies the plan approved, once', async () => {
    await merchant(scaleUrl, 'ACTIVE');
    const state = await installation();
    expect(state.subscription).toMatchObject({ status: 'active', plan: 'scale', price: '199.00' });
    expect(state.pendingCharge).toBeNull();
    const [row] = await t.db.select().from(storePlans).where(eq(storePlans.storeId, 'demo'));
    expect(row.platformSubscriptionId).toBe(subscriptionOf(scaleUrl));
    // Delivered again (the platform retries), it changes nothing more.
    const again = fake.decideSubscription(subscriptionOf(scaleUrl), 'ACTIVE')[0];
    await deliver(again);
    await t.ctx.jobs.drain();
    expect((await t.db.select().from(storePlans))[0].confirmedAt).toEqual(row.confirmedAt);
  });

  it('a new plan with a paid add-on replaces the running charge; the cancelled old one does not downgrade the store', async () => {
    const res = await choose('growth', ['labels']);
    const url = res.json().url;
    expect(fake.subscriptions.get(subscriptionOf(url))!.input).toMatchObject({
      name: 'Marketplace growth plan with labels',
      lineItems: [{ plan: { appRecurringPricingDetails: { price: { amount: '64.00' } } } }],
    });
    await merchant(url, 'ACTIVE');
    expect(fake.subscriptions.get(subscriptionOf(scaleUrl))!.status).toBe('CANCELLED');
    expect((await installation()).subscription).toMatchObject({
      plan: 'growth',
      addons: ['labels'],
      boughtAddons: ['labels'],
      price: '64.00',
    });
    scaleUrl = url;
  });

  it('a declined charge changes nothing', async () => {
    const url = (await choose('scale')).json().url;
    await merchant(url, 'DECLINED');
    const state = await installation();
    expect(state.subscription).toMatchObject({ plan: 'growth', addons: ['labels'] });
    expect(state.pendingCharge).toBeNull();
    expect(
      (
        await t.db
          .select()
          .from(planCharges)
          .where(eq(planCharges.platformSubscriptionId, subscriptionOf(url)))
      )[0].status,
    ).toBe('declined');
  });

  it('the paying subscription cancelled on the platform takes the store to the free plan', async () => {
    await merchant(scaleUrl, 'CANCELLED');
    expect((await installation()).subscription).toMatchObject({ plan: 'starter', addons: [], price: '0.00' });
  });

  it('a free plan is not charged: the running charge is cancelled and the plan applies at once', async () => {
    const url = (await choose('growth')).json().url;
    await merchant(url, 'ACTIVE');
    const res = await choose('starter');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/\/app\/installation\?changed=starter$/);
    expect(fake.subscriptions.get(subscriptionOf(url))!.status).toBe('CANCELLED');
    expect((await installation()).subscription).toMatchObject({ plan: 'starter' });
  });

  it('a platform that cannot be reached leaves nothing waiting (503 with a message)', async () => {
    fake.failNext(6);
    const res = await choose('scale');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The platform could not be reached to charge the plan; try again in a moment');
    expect((await installation()).pendingCharge).toBeNull();
  });
});
