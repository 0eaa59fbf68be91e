import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { startFakeStripeBilling, type FakeStripeBilling } from '../../../../test/fakes/fake-stripe-billing.ts';
import { stripeSignature, verifyStripeSignature } from '#server/adapters/payments/stripe-billing';
import { membershipEvents, products, vendorMemberships, vendors } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';
import { wholeProduct } from '../../../../test/support/whole-product.ts';

let t: TestApp;
let stripe: FakeStripeBilling;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let clock = Date.now();
const KEY = `sk_test_${'m'.repeat(40)}`;
let basic: string;
let pro: string;

beforeAll(async () => {
  stripe = await startFakeStripeBilling({
    secretKey: KEY,
    now: () => clock,
    deliver: async (url, headers, body) =>
      (await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body })).statusCode,
  });
  t = await createTestApp({ env: { STRIPE_API_URL: stripe.url }, now: () => new Date(clock) });
  s = await demoSessions(t);
  basic = stripe.addPlan('Basic', 900);
  pro = stripe.addPlan('Pro', 2900);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const admin = () => caller(t, s.admin);
const vendor1 = () => caller(t, s.vendor1);
const vendor2 = () => caller(t, s.vendor2);
const setMembership = (membership: Record<string, unknown>, integrations = true) =>
  admin()('PATCH', '/api/app/info/features', { features: { features: { integrations: { enabled: integrations } }, membership } });
const vendorId = async (name: string) =>
  (
    await t.db
      .select()
      .from(vendors)
      .where(and(eq(vendors.storeId, 'demo'), eq(vendors.name, name)))
  )[0].id;

describe('the Stripe-Signature check', () => {
  it('matches the reference vector and refuses a wrong secret, a changed body and an old timestamp', () => {
    const body = '{"id":"evt_test","object":"event"}';
    const at = new Date(1700000000 * 1000);
    expect(stripeSignature('whsec_test', 1700000000, body)).toBe(
      't=1700000000,v1=c25fec335f20601dcb662f0e7c4944646158a9324bb6ed8b7f6ab126449f507a',
    );
    expect(verifyStripeSignature('whsec_test', stripeSignature('whsec_test', 1700000000, body), body, at)).toBe(true);
    expect(verifyStripeSignature('whsec_other', stripeSignature('whsec_test', 1700000000, body), body, at)).toBe(false);
    expect(verifyStripeSignature('whsec_test', stripeSignature('whsec_test', 1700000000, body), body + ' ', at)).toBe(false);
    expect(
      verifyStripeSignature('whsec_test', stripeSignature('whsec_test', 1700000000, body), body, new Date(at.getTime() + 301_000)),
    ).toBe(false);
    expect(verifyStripeSignature('whsec_test', undefined, body, at)).toBe(false);
  });
});

describe('membership', () => {
  it('is behind the integrations flag and offers no plans until the marketplace connects Stripe', async () => {
    expect((await setMembership({ enabled: true, products: 2, trialDays: 0 }, false)).statusCode).toBe(200);
    expect((await vendor1()('GET', '/api/stripe/products')).statusCode).toBe(404);
    expect((await setMembership({ enabled: true, products: 2, trialDays: 0 })).statusCode).toBe(200);
    const missing = await vendor1()('GET', '/api/stripe/products');
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ products: [], trialDays: 0, connected: false });
    expect((await admin()('PUT', '/api/stripe/api-key', { secretKey: KEY })).statusCode).toBe(200);
  });

  it('lists the plans (cheapest first) with the trial days', async () => {
    const res = await vendor1()('GET', '/api/stripe/products');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      trialDays: 0,
      connected: true,
      products: [
        expect.objectContaining({ priceId: basic, name: 'Basic', amount: '9.00', currency: 'USD', interval: 'month' }),
        expect.objectContaining({ priceId: pro, name: 'Pro', amount: '29.00', currency: 'USD' }),
      ],
    });
  });

  it('refuses to activate a product without a membership, with the reason; drafts are fine', async () => {
    const draft = await saveProduct(t, s.vendor1, productInput({ title: 'Draft mug', status: 'DRAFT' }));
    const res = await vendor1()('PUT', '/api/products-v2', { product: { ...(await productOf(draft)), status: 'ACTIVE' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A membership is needed to publish products. Subscribe on the membership page.');
    expect((await t.db.select().from(products).where(eq(products.id, draft)))[0].status).toBe('DRAFT');
    expect((await vendor1()('GET', '/api/stripe/subscription')).json()).toMatchObject({
      enabled: true,
      subscription: null,
      canPublish: false,
      limit: 2,
      activeProducts: 0,
    });
  });

  it('subscribes through Checkout; the signed webhooks record the subscription; then activations are allowed up to the limit', async () => {
    expect((await vendor1()('POST', '/api/stripe/checkout-session', { priceId: 'price_unknown' })).json().message).toBe(
      'This plan is not offered',
    );
    const res = await vendor1()('POST', '/api/stripe/checkout-session', { priceId: basic });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const session = [...stripe.sessions.values()].at(-1)!;
    const v1 = await vendorId('Vendor One');
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: v1,
      subscription_metadata: { vendor_id: v1, store_id: 'demo' },
      customer_email: 'vendor1@demo.test',
      trial_period_days: null,
    });
    // Saving the key registered the payout webhooks too; the membership has one endpoint of its own.
    const membership = stripe.endpoints.filter((e) => e.url.includes('/api/membership/'));
    expect(membership).toHaveLength(1);
    expect(membership[0].url).toMatch(/\/api\/membership\/webhook\/demo$/);

    const { subscription, created } = await stripe.completeCheckout(session.id);
    expect(created.statuses).toEqual([200]);
    const state = (await vendor1()('GET', '/api/stripe/subscription')).json();
    expect(state).toMatchObject({ canPublish: true, subscription: { status: 'active', priceId: basic, cancelAtPeriodEnd: false } });
    expect((await t.db.select().from(vendorMemberships).where(eq(vendorMemberships.vendorId, v1)))[0]).toMatchObject({
      customerId: subscription.customer,
      subscriptionId: subscription.id,
    });

    await saveProduct(t, s.vendor1, productInput({ title: 'Active one', status: 'ACTIVE' }));
    await saveProduct(t, s.vendor1, productInput({ title: 'Active two', status: 'ACTIVE' }));
    const third = await vendor1()('PUT', '/api/products-v2', {
      product: { ...(await productOf(await saveProduct(t, s.vendor1, productInput({ title: 'Waiting' })))), status: 'ACTIVE' },
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      'Your membership allows 2 active products. Existing products stay; set one to draft before activating another.',
    );
    // A second checkout while subscribed is refused: the portal changes plans.
    expect((await vendor1()('POST', '/api/stripe/checkout-session', { priceId: pro })).statusCode).toBe(409);
  });

  it('opens the billing portal for the own customer only', async () => {
    const res = await vendor1()('POST', '/api/stripe/billing');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(stripe.portalSessions.at(-1)!.customer).toBe(
      (
        await t.db
          .select()
          .from(vendorMemberships)
          .where(eq(vendorMemberships.vendorId, await vendorId('Vendor One')))
      )[0].customerId,
    );
    // Vendor Two has no subscription: it gets nothing of Vendor One's.
    expect((await vendor2()('POST', '/api/stripe/billing')).json().message).toBe('Subscribe to a plan first');
    expect((await vendor2()('GET', '/api/stripe/subscription')).json()).toMatchObject({ subscription: null, canPublish: false });
    // An admin in the marketplace view has no vendor membership.
    expect((await admin()('GET', '/api/stripe/subscription')).json().message).toBe('Switch to a vendor first');
  });

  it('applies each event once, ignores an older event arriving late, and refuses bad signatures', async () => {
    const v1 = await vendorId('Vendor One');
    const [{ subscriptionId }] = await t.db.select().from(vendorMemberships).where(eq(vendorMemberships.vendorId, v1));
    const late = await stripe.updateSubscription(subscriptionId!, { status: 'past_due' }, { created: Math.floor(clock / 1000) - 3600 });
    expect(late.statuses).toEqual([200]);
    expect((await vendor1()('GET', '/api/stripe/subscription')).json().subscription.status).toBe('active');

    clock += 60_000;
    const pastDue = await stripe.updateSubscription(subscriptionId!, { status: 'past_due' });
    expect((await vendor1()('GET', '/api/stripe/subscription')).json()).toMatchObject({
      canPublish: false,
      subscription: { status: 'past_due' },
    });
    // The same event delivered again: one row, no second effect.
    clock += 60_000;
    await stripe.updateSubscription(subscriptionId!, { status: 'active' });
    const again = await stripe.sendEvent('customer.subscription.updated', pastDue.event.data.object, {
      id: pastDue.event.id,
      created: pastDue.event.created,
    });
    expect(again.statuses).toEqual([200]);
    expect(await t.db.select().from(membershipEvents).where(eq(membershipEvents.eventId, pastDue.event.id))).toHaveLength(1);
    expect((await vendor1()('GET', '/api/stripe/subscription')).json().subscription.status).toBe('active');

    const forged = await stripe.sendEvent(
      'customer.subscription.deleted',
      { id: subscriptionId, status: 'canceled', metadata: { vendor_id: v1 } },
      { signWith: 'whsec_forged' },
    );
    expect(forged.statuses).toEqual([401]);
    const stale = await stripe.sendEvent(
      'customer.subscription.deleted',
      { id: subscriptionId, status: 'canceled', metadata: { vendor_id: v1 } },
      { timestamp: Math.floor(clock / 1000) - 600 },
    );
    expect(stale.statuses).toEqual([401]);
    expect((await vendor1()('GET', '/api/stripe/subscription')).json().subscription.status).toBe('active');
  });

  it("an event naming another store's or an unknown vendor changes nothing", async () => {
    const v2 = await vendorId('Vendor Two');
    const before = await t.db.select().from(vendorMemberships);
    await stripe.sendEvent('customer.subscription.created', {
      id: 'sub_other',
      customer: 'cus_x',
      status: 'active',
      metadata: { vendor_id: '00000000-0000-4000-8000-000000000000' },
      items: { data: [] },
    });
    expect(await t.db.select().from(vendorMemberships)).toEqual(before);
    // Posting to another store's webhook path: that store has no endpoint secret, so nothing is accepted.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/membership/webhook/unknown-store',
      headers: { 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    expect((await vendor2()('GET', '/api/stripe/subscription')).json().subscription).toBeNull();
    expect(await t.db.select().from(vendorMemberships).where(eq(vendorMemberships.vendorId, v2))).toHaveLength(0);
  });

  it('a cancelled membership keeps the active products; only new activations are refused', async () => {
    const v1 = await vendorId('Vendor One');
    const [{ subscriptionId }] = await t.db.select().from(vendorMemberships).where(eq(vendorMemberships.vendorId, v1));
    clock += 60_000;
    await stripe.cancelSubscription(subscriptionId!);
    const state = (await vendor1()('GET', '/api/stripe/subscription')).json();
    expect(state).toMatchObject({ canPublish: false, activeProducts: 2, subscription: { status: 'canceled' } });
    const active = await t.db
      .select()
      .from(products)
      .where(and(eq(products.vendorId, v1), eq(products.status, 'ACTIVE')));
    expect(active).toHaveLength(2);
    // Editing an already active product is not an activation.
    const edit = await vendor1()('PUT', '/api/products-v2', {
      product: { ...(await productOf(active[0].id)), title: 'Renamed and still active' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it("the vendor's free trial lets it publish without paying, and becomes Stripe's trial at checkout", async () => {
    expect((await setMembership({ enabled: true, products: null, trialDays: 30 })).statusCode).toBe(200);
    const state = (await vendor2()('GET', '/api/stripe/subscription')).json();
    expect(state).toMatchObject({ canPublish: true, limit: null });
    expect(state.trialEndsAt).not.toBeNull();
    await saveProduct(t, s.vendor2, productInput({ title: 'Trial product', status: 'ACTIVE' }));
    expect((await vendor2()('POST', '/api/stripe/checkout-session', { priceId: pro })).statusCode).toBe(200);
    expect([...stripe.sessions.values()].at(-1)!.trial_period_days).toBeGreaterThanOrEqual(29);
    // Once the trial is over (the vendor started 31 days ago), without a subscription, activations stop.
    await t.db
      .update(vendors)
      .set({ createdAt: new Date(clock - 31 * 24 * 3600 * 1000) })
      .where(eq(vendors.id, await vendorId('Vendor Two')));
    const next = await vendor2()('PUT', '/api/products-v2', {
      product: { ...(await productOf(await saveProduct(t, s.vendor2, productInput({ title: 'After trial' })))), status: 'ACTIVE' },
    });
    expect(next.statusCode).toBe(409);
  });

  it('activations racing for the last place of a membership: exactly one passes (on PostgreSQL they run at once)', async () => {
    const v2 = await vendorId('Vendor Two');
    await t.db
      .update(vendors)
      .set({ createdAt: new Date(clock) })
      .where(eq(vendors.id, v2));
    const active = (await vendor2()('GET', '/api/stripe/subscription')).json().activeProducts as number;
    expect((await setMembership({ enabled: true, products: active + 1, trialDays: 30 })).statusCode).toBe(200);
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((n) =>
        vendor2()('PUT', '/api/products-v2', { product: wholeProduct(productInput({ title: `Racer ${n}`, status: 'ACTIVE' })) }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toBe(
        `Your membership allows ${active + 1} active products. Existing products stay; set one to draft before activating another.`,
      );
    expect((await vendor2()('GET', '/api/stripe/subscription')).json().activeProducts).toBe(active + 1);
  });
});

async function productOf(id: string) {
  const res = await caller(t, s.admin)('GET', `/api/products-v2/${id}`);
  const { product } = res.json();
  return product;
}
