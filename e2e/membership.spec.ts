import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startFakeStripeBilling, type FakeStripeBilling } from '../test/fakes/fake-stripe-billing.ts';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

const KEY = `sk_test_${'e'.repeat(40)}`;

describeInBrowser('the membership screen', () => {
  let stripe: FakeStripeBilling;
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    // Stripe posts its events to the product, wherever it listens.
    stripe = await startFakeStripeBilling({
      secretKey: KEY,
      deliver: async (url, headers, body) =>
        (await fetch(`${product.url}${new URL(url).pathname}`, { method: 'POST', headers, body })).status,
    });
    [product, browser] = await Promise.all([startProduct({ env: { STRIPE_API_URL: stripe.url } }), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    await stripe?.close();
  });

  it('without Stripe, says calmly that there are no plans yet, with no failing request', async () => {
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    await admin('PATCH', '/api/app/info/features', {
      features: { features: { integrations: { enabled: true } }, membership: { enabled: true, products: 3, trialDays: 0 } },
    });
    for (const [account, text] of [
      [DEMO_ACCOUNTS.vendor1, 'The marketplace has not set up membership plans yet.'],
      [DEMO_ACCOUNTS.admin, 'Connect your Stripe account to offer plans to vendors.'],
    ] as const) {
      const page = await signedInPage(browser, product.url, account);
      const failed: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      await page.goto(`${product.url}/app/membership`);
      await page.getByTestId('plans-not-connected').getByText(text).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(failed).toEqual([]);
      await page.context().close();
    }
  });

  it('a vendor subscribes through Stripe Checkout and then sees its membership and the billing link', async () => {
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    await admin('PUT', '/api/stripe/api-key', { secretKey: KEY });
    await admin('PATCH', '/api/app/info/features', {
      features: { features: { integrations: { enabled: true } }, membership: { enabled: true, products: 3, trialDays: 0 } },
    });
    stripe.addPlan('Basic', 900);

    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await vendor.setViewportSize({ width: 390, height: 844 });
    // Stripe's hosted pages are out of reach in a test: the checkout page is a stand-in.
    await vendor.route('https://checkout.stripe.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }),
    );
    await vendor.goto(`${product.url}/app/membership`);
    await vendor.getByRole('heading', { level: 1, name: 'Membership' }).waitFor();
    await vendor.getByTestId('membership-status').getByText('No membership yet.').waitFor();
    expect(await vendor.getByTestId('membership-usage').textContent()).toBe('0 of 3 active products.');
    const plan = vendor.getByRole('listitem').filter({ hasText: 'Basic' });
    await plan.getByText('$9.00 a month').waitFor();
    await plan.getByRole('button', { name: 'Subscribe' }).click();
    await vendor.waitForURL(/checkout\.stripe\.com/);

    const session = [...stripe.sessions.values()].at(-1)!;
    const { created } = await stripe.completeCheckout(session.id);
    expect(created.statuses).toEqual([200]);
    await vendor.goto(`${product.url}/app/membership?checkout=success`);
    await vendor.getByText('Thank you! Your membership starts as soon as Stripe confirms the payment.').waitFor();
    await vendor.getByTestId('membership-status').getByText('Active').waitFor();
    await vendor.getByRole('button', { name: 'Manage billing' }).waitFor();
    expect(await vendor.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
  });
});
