import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { startFakeStripe, type FakeStripe } from '../../../../test/fakes/fake-stripe.ts';
import { startFakePayPal, type FakePayPal } from '../../../../test/fakes/fake-paypal.ts';
import { ledgerEntries, paymentProviderKeys, payouts, productVariants, vendorOrders, vendorPayoutAccounts } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { markPaid, payAtOnce, shipAll } from '../../../../test/support/orders.ts';
import { stripeSignature } from '#server/adapters/payments/stripe-billing';

let t: TestApp;
let stripe: FakeStripe;
let paypal: FakePayPal;
let s: { admin: Session; vendor1: Session; vendor2: Session };
const variants: Record<string, string> = {};
const STRIPE_KEY = `sk_test_${'f'.repeat(40)}`;

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: STRIPE_KEY, balance: { usd: 100_000 } });
  paypal = await startFakePayPal();
  t = await createTestApp({ env: { STRIPE_API_URL: stripe.url, PAYPAL_API_URL: paypal.url } });
  s = await demoSessions(t);
  await payAtOnce(t, s.admin);
  expect((await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { payments: { holdingDays: 0 } } })).statusCode).toBe(
    200,
  );
  expect(
    (
      await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  for (const vendor of ['Vendor One', 'Vendor Two']) {
    const product = await saveProduct(t, s.admin, {
      title: `Cup of ${vendor}`,
      vendor,
      status: 'ACTIVE',
      variants: [{ price: '20.00', stock: 500, sku: `CUP-${vendor}` }],
    });
    variants[vendor] = (await t.db.select().from(productVariants).where(eq(productVariants.productId, product)))[0].id;
  }
});
afterAll(async () => {
  await t.close();
  await stripe.close();
  await paypal.close();
});

/** A paid and shipped order of one cup (20.00 less 2.00 commission: 18.00 owed to the vendor). */
async function shippedOrder(vendor: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'a@b.example',
      address: { name: 'A', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
      lines: [{ variantId: variants[vendor], quantity: 1 }],
      paymentMethod: 'bank_transfer',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  await markPaid(t, s.admin, res.json().orderId);
  await shipAll(t, s.admin, res.json().orderId);
  const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, res.json().orderId));
  return { name: res.json().name as string, part };
}

const admin = (...args: Parameters<ReturnType<typeof caller>>) => caller(t, s.admin)(...args);
const patchPayments = (payments: Record<string, unknown>) => admin('PATCH', '/api/app/info/features', { features: { payments } });
const settingsPayments = async () => (await admin('GET', '/api/settings')).json().settings.payments;
const exceptions = async () =>
  (await admin('GET', '/api/payment/exceptions')).json().exceptions as {
    kind: string;
    provider: string;
    reason: string;
    vendor: string | null;
    amount: string | null;
    resolvedAt: string | null;
  }[];
const postStripe = (raw: string, connect: boolean) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe/demo',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(
        stripe.webhookEndpoints.find((e) => e.connect === connect)!.secret,
        Math.floor(Date.now() / 1000),
        raw,
      ),
    },
    payload: raw,
  });
const stripeAccountOf = async (vendor: Session) =>
  (await caller(t, vendor)('GET', '/api/stripe/session')).json().accounts.stripe.accountId as string;

describe('Settings → Payments switches', () => {
  it('switches a provider on only with its key saved', async () => {
    const stripeOn = await patchPayments({ stripeConnect: { enabled: true } });
    expect(stripeOn.statusCode).toBe(400);
    expect(stripeOn.json().errors).toEqual([{ path: 'payments.stripeConnect.enabled', message: 'Save a Stripe secret key first' }]);
    const paypalOn = await patchPayments({ paypal: { enabled: true, isSandbox: false } });
    expect(paypalOn.json().errors).toEqual([
      { path: 'payments.paypal.enabled', message: "Save the PayPal app's client ID and secret first" },
    ]);
    expect(await settingsPayments()).toMatchObject({ stripeConnect: { enabled: false }, paypal: { enabled: false } });
  });

  it("keeps Stripe's test mode equal to the saved key, and tells the vendors' screen", async () => {
    expect((await admin('PUT', '/api/stripe/api-key', { secretKey: STRIPE_KEY })).json()).toEqual({ active: true, isTestKey: true });
    const live = await patchPayments({ stripeConnect: { isTestKey: false } });
    expect(live.statusCode).toBe(400);
    expect(live.json().errors).toEqual([
      { path: 'payments.stripeConnect.isTestKey', message: 'The saved Stripe key is a test key: save a live key to leave test mode' },
    ]);
    expect(await settingsPayments()).toMatchObject({ stripeConnect: { enabled: true, isTestKey: true } });
    // The whole section as the settings screen sends it back is accepted.
    expect((await patchPayments(await settingsPayments())).statusCode).toBe(200);
    expect((await caller(t, s.vendor1)('GET', '/api/stripe/session')).json().stripe).toEqual({
      active: true,
      offered: true,
      isTestKey: true,
    });
  });

  it("moves the saved PayPal app between PayPal's sandbox and live API with the sandbox switch", async () => {
    expect(
      (await admin('PUT', '/api/paypal/admin/api-key', { clientId: paypal.clientId, clientSecret: paypal.clientSecret, isSandbox: true }))
        .statusCode,
    ).toBe(200);
    const moved = await patchPayments({ paypal: { isSandbox: false } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.db.select().from(paymentProviderKeys).where(eq(paymentProviderKeys.provider, 'paypal')))[0].isTest).toBe(false);
    expect((await caller(t, s.vendor1)('GET', '/api/stripe/session')).json().paypal).toEqual({
      active: true,
      offered: true,
      isSandbox: false,
    });
    expect((await patchPayments({ paypal: { isSandbox: true } })).statusCode).toBe(200);
  });

  it('a provider switched off is offered to no vendor and pays nothing new; its events are still verified and applied', async () => {
    const v1 = caller(t, s.vendor1);
    expect((await v1('POST', '/api/stripe/register', { email: 'one@vendor.example', country: 'NL' })).statusCode).toBe(200);
    expect((await v1('POST', '/api/paypal/register', { emailOrVenmo: 'one@vendor.example', type: 'EMAIL' })).statusCode).toBe(200);
    const accountId = await stripeAccountOf(s.vendor1);
    stripe.completeOnboarding(accountId);

    expect((await patchPayments({ stripeConnect: { enabled: false }, paypal: { enabled: false } })).statusCode).toBe(200);
    expect((await v1('GET', '/api/stripe/session')).json()).toMatchObject({
      stripe: { active: true, offered: false },
      paypal: { active: true, offered: false },
    });
    expect(
      (await caller(t, s.vendor2)('POST', '/api/stripe/register', { email: 'two@vendor.example', country: 'NL' })).json(),
    ).toMatchObject({ message: 'Stripe is switched off for this marketplace' });
    expect((await v1('POST', '/api/stripe/onboard')).statusCode).toBe(409);
    expect(
      (await caller(t, s.vendor2)('POST', '/api/paypal/register', { emailOrVenmo: 'two@vendor.example', type: 'EMAIL' })).json(),
    ).toMatchObject({ message: 'PayPal is switched off for this marketplace' });

    const due = await shippedOrder('Vendor One');
    const payoutLines = [{ orderName: due.name, vendor: 'Vendor One' }];
    expect((await admin('POST', '/api/payment/v3/prepare', { payoutLines })).json().allocations[0].methods).toEqual(['manual']);
    const paid = await admin('POST', '/api/payment/v3/pay', { payoutLines, methods: { 'Vendor One': 'stripe' } });
    expect(paid.json().results[0]).toMatchObject({ status: 'failed', message: 'Stripe is switched off for this marketplace' });
    expect(stripe.transfers).toHaveLength(0);
    const automated = await admin('POST', '/api/payment/trigger-automated');
    expect(automated.json()).toMatchObject({ paid: 0, skipped: 1 });
    expect(await exceptions()).toContainEqual(
      expect.objectContaining({
        kind: 'not_payable',
        vendor: 'Vendor One',
        reason: 'Not paid automatically: Stripe is switched off for this marketplace; PayPal is switched off for this marketplace',
        amount: '18.00',
        resolvedAt: null,
      }),
    );

    // Stripe's events still count: the account's onboarding, heard from its signed event.
    await t.db.update(vendorPayoutAccounts).set({ canReceive: false }).where(eq(vendorPayoutAccounts.accountRef, accountId));
    const event = JSON.stringify({
      id: 'evt_account_1',
      object: 'event',
      type: 'account.updated',
      account: accountId,
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: accountId, object: 'account', payouts_enabled: true, details_submitted: true } },
    });
    expect((await postStripe(event, true)).json()).toEqual({ received: true });
    expect((await t.db.select().from(vendorPayoutAccounts).where(eq(vendorPayoutAccounts.accountRef, accountId)))[0].canReceive).toBe(true);

    expect((await patchPayments({ stripeConnect: { enabled: true }, paypal: { enabled: true } })).statusCode).toBe(200);
    expect((await admin('POST', '/api/payment/v3/prepare', { payoutLines })).json().allocations[0].methods).toEqual([
      'manual',
      'stripe',
      'paypal',
    ]);
  });
});

describe('automated payouts choose a provider that can pay the vendor', () => {
  it("pays through PayPal while the vendor's Stripe onboarding is unfinished, lists a vendor neither can pay, and uses Stripe once it can receive", async () => {
    const v2 = caller(t, s.vendor2);
    expect((await v2('POST', '/api/stripe/register', { email: 'two@vendor.example', country: 'NL' })).statusCode).toBe(200);
    const twoAccount = await stripeAccountOf(s.vendor2);
    // Vendor One: Stripe ready (finished above) → Stripe; Vendor Two: Stripe unfinished, no PayPal → listed.
    const one = await shippedOrder('Vendor One');
    const two = await shippedOrder('Vendor Two');
    const run = (await admin('POST', '/api/payment/trigger-automated')).json();
    expect(run).toMatchObject({ paid: 1, failed: 0, skipped: 1 });
    const payoutOf = async (partId: string) => {
      const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.id, partId));
      return part.payoutId ? (await t.db.select().from(payouts).where(eq(payouts.id, part.payoutId)))[0] : null;
    };
    expect((await payoutOf(one.part.id))?.method).toBe('stripe');
    expect(await payoutOf(two.part.id)).toBeNull();
    expect(await exceptions()).toContainEqual(
      expect.objectContaining({
        kind: 'not_payable',
        provider: 'stripe',
        vendor: 'Vendor Two',
        reason:
          "Not paid automatically: The vendor's Stripe account cannot receive payouts yet: its onboarding is not finished; The vendor has not connected PayPal",
      }),
    );
    // The admin's payout dialog offers no Stripe for it either.
    expect(
      (await admin('POST', '/api/payment/v3/prepare', { payoutLines: [{ orderName: two.name, vendor: 'Vendor Two' }] })).json()
        .allocations[0].methods,
    ).toEqual(['manual']);

    // With PayPal connected it is paid there; Stripe stays unused until Stripe says the account can receive.
    expect((await v2('POST', '/api/paypal/register', { emailOrVenmo: 'two@vendor.example', type: 'EMAIL' })).statusCode).toBe(200);
    expect((await admin('POST', '/api/payment/trigger-automated')).json()).toMatchObject({ paid: 1, skipped: 0 });
    expect((await payoutOf(two.part.id))?.method).toBe('paypal');

    stripe.completeOnboarding(twoAccount);
    const next = await shippedOrder('Vendor Two');
    expect((await admin('POST', '/api/payment/trigger-automated')).json()).toMatchObject({ paid: 1 });
    expect((await payoutOf(next.part.id))?.method).toBe('stripe');
    expect(stripe.transfers.map((x) => x.destination)).toContain(twoAccount);
  });
});

describe('a partial Stripe transfer reversal', () => {
  it('books back only what Stripe reversed, once per amount, and a full reversal later returns the rest', async () => {
    const due = await shippedOrder('Vendor Two');
    const res = await admin('POST', '/api/payment/v3/pay', {
      payoutLines: [{ orderName: due.name, vendor: 'Vendor Two' }],
      methods: { 'Vendor Two': 'stripe' },
    });
    expect(res.json().results[0]).toMatchObject({ status: 'paid', amount: '18.00' });
    const [payout] = await t.db
      .select()
      .from(payouts)
      .where(eq(payouts.id, (await t.db.select().from(vendorOrders).where(eq(vendorOrders.id, due.part.id)))[0].payoutId!));
    const balance = async () => Number((await caller(t, s.vendor2)('GET', '/api/transactions?period=all')).json().aggs[0]?.balance);
    const before = await balance();
    const reversal = (id: string, amountReversed: number) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'transfer.reversed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: payout.providerRef,
            object: 'transfer',
            amount: 1800,
            amount_reversed: amountReversed,
            currency: 'usd',
            reversed: amountReversed >= 1800,
            transfer_group: payout.id,
            metadata: { payout_id: payout.id },
          },
        },
      });

    expect((await postStripe(reversal('evt_part_1', 500), false)).json()).toEqual({ received: true });
    expect(await balance()).toBe(before + 5);
    expect((await t.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0].state).toBe('paid');
    expect((await t.db.select().from(vendorOrders).where(eq(vendorOrders.id, due.part.id)))[0].payout).toBe('paid');
    expect((await postStripe(reversal('evt_part_1', 500), false)).json()).toEqual({ received: false });
    // Stripe's amount_reversed is the sum of the reversals so far: a second one of 3.00 says 800.
    expect((await postStripe(reversal('evt_part_2', 800), false)).json()).toEqual({ received: true });
    expect(await balance()).toBe(before + 8);
    expect(await exceptions()).toContainEqual(
      expect.objectContaining({
        kind: 'reversed',
        vendor: 'Vendor Two',
        reason: 'Stripe reversed part of the transfer: that part is due to the vendor again',
        amount: '8.00',
      }),
    );

    expect((await postStripe(reversal('evt_full', 1800), false)).json()).toEqual({ received: true });
    expect(await balance()).toBe(before + 18);
    expect((await t.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0].state).toBe('returned');
    expect((await t.db.select().from(vendorOrders).where(eq(vendorOrders.id, due.part.id)))[0].payout).toBe('due');
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.payoutId, payout.id), eq(ledgerEntries.kind, 'payout')));
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
  });
});
