import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { startFakeStripeBilling, type FakeStripeBilling } from '../../../../test/fakes/fake-stripe-billing.ts';
import { stripeSignature } from '#server/adapters/payments/stripe-billing';
import { ledgerEntries, orders, productVariants } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let stripe: FakeStripeBilling;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let clock = Date.now();
const KEY = `sk_test_${'c'.repeat(40)}`;
let variantId: string;

beforeAll(async () => {
  stripe = await startFakeStripeBilling({
    secretKey: KEY,
    now: () => clock,
    deliver: async (url, headers, body) =>
      (await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body })).statusCode,
  });
  t = await createTestApp({ env: { STRIPE_API_URL: stripe.url }, now: () => new Date(clock) });
  s = await demoSessions(t);
  expect((await caller(t, s.admin)('PUT', '/api/stripe/api-key', { secretKey: KEY })).statusCode).toBe(200);
  const product = await saveProduct(t, s.admin, {
    title: 'Print',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '30.00', stock: 5, trackStock: true, sku: 'PRINT-1', requiresShipping: false }],
  });
  [{ id: variantId }] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, product));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const address = { name: 'Alex Buyer', street1: '12 Canal Street', city: 'Amsterdam', zip: '1012 AB', country: 'NL' };
const checkout = (checkoutId = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId,
      email: 'alex@buyer.example',
      address,
      lines: [{ variantId, quantity: 1 }],
      successUrl: 'https://shop.example/thanks',
      cancelUrl: 'https://shop.example/cart',
    },
  });
const orderRow = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0];
const stock = async () =>
  (await t.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)))[0].stock;
const entriesOf = (orderId: string) => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));

describe('card payments at the built-in checkout (Stripe Checkout)', () => {
  it('offers only what the store takes: a manual method it has not enabled is refused', async () => {
    const patched = await caller(t, s.admin)('PATCH', '/api/app/info/features', {
      features: { payments: { manualMethods: { bankTransfer: { enabled: false }, cashOnDelivery: { enabled: false } } } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      payload: {
        store: 'demo',
        checkoutId: randomUUID(),
        email: 'a@b.example',
        address,
        lines: [{ variantId, quantity: 1 }],
        paymentMethod: 'bank_transfer',
      },
    });
    expect([res.statusCode, res.json().message]).toEqual([409, 'This payment method is not available']);
  });

  it("leaves the order pending on Stripe's page until the signed checkout.session.completed, applied once", async () => {
    const before = await stock();
    const checkoutId = randomUUID();
    const res = await checkout(checkoutId);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      paymentStatus: 'pending',
      paymentMethod: 'card',
      paymentUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
    });
    const order = await orderRow(answer.orderId);
    expect(order).toMatchObject({ paymentStatus: 'pending', paymentMethod: 'card', paymentRef: expect.stringMatching(/^cs_test_/) });
    const session = stripe.sessions.get(order.paymentRef!)!;
    // The session asks for the order's total, names the order, and sends the buyer back to the shop.
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 3000,
      currency: 'usd',
      client_reference_id: answer.orderId,
      metadata: { order_id: answer.orderId },
      success_url: 'https://shop.example/thanks',
    });
    expect(await stock()).toBe(before - 1);
    expect(await entriesOf(answer.orderId)).toEqual([]);
    // A retried checkout is the same order and the same page.
    expect((await checkout(checkoutId)).json()).toMatchObject({ orderId: answer.orderId, paymentUrl: answer.paymentUrl });

    // An event not signed with the endpoint's secret is refused and changes nothing.
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(clock / 1000),
      data: { object: { ...session, payment_status: 'paid' } },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/membership/webhook/demo',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature('whsec_guess', Math.floor(clock / 1000), forged) },
      payload: forged,
    });
    expect(refused.statusCode).toBe(401);
    expect((await orderRow(answer.orderId)).paymentStatus).toBe('pending');

    const { event, statuses } = await stripe.payCheckout(session.id);
    expect(statuses).toEqual([200]);
    expect(await orderRow(answer.orderId)).toMatchObject({ paymentStatus: 'paid', paidAt: new Date(event.created * 1000) });
    const entries = await entriesOf(answer.orderId);
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['commission', -300],
      ['sale', 3000],
    ]);
    // Stripe delivers the same event again: one effect.
    expect((await stripe.sendEvent(event.type, event.data.object, { id: event.id })).statuses).toEqual([200]);
    expect(await entriesOf(answer.orderId)).toHaveLength(2);
  });

  it('an expired session voids the order and returns its stock; a later payment of it changes nothing', async () => {
    const before = await stock();
    const { orderId } = (await checkout()).json();
    const order = await orderRow(orderId);
    expect(await stock()).toBe(before - 1);
    expect((await stripe.expireCheckoutSession(order.paymentRef!)).statuses).toEqual([200]);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'voided', cancelledAt: expect.any(Date) });
    expect(await stock()).toBe(before);
    await stripe.payCheckout(order.paymentRef!);
    expect((await orderRow(orderId)).paymentStatus).toBe('voided');
    expect(await entriesOf(orderId)).toEqual([]);
  });

  it('a session past its expiry with no event is voided by the expiry job', async () => {
    const before = await stock();
    const { orderId } = (await checkout()).json();
    await t.ctx.jobs.drain();
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');
    clock += 25 * 60 * 60 * 1000;
    await t.ctx.jobs.drain();
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'voided' });
    expect(await stock()).toBe(before);
  });
});
