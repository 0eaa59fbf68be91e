import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startFakePayPal, type FakePayPal } from '../test/fakes/fake-paypal.ts';
import { seedDemoSales } from '../src/server/demo/seed-demo-sales.ts';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

describeInBrowser('the payment providers screen', () => {
  let paypal: FakePayPal;
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    paypal = await startFakePayPal();
    [product, browser] = await Promise.all([startProduct({ env: { PAYPAL_API_URL: paypal.url } }), launchBrowser()]);
    await seedDemoSales(product.ctx);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    await paypal?.close();
  });

  it('an admin connects PayPal, then a vendor gets paid by PayPal and disconnects it', async () => {
    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Payment providers' }).waitFor();
    const card = admin.getByRole('region', { name: 'PayPal Payouts' });
    await card.getByLabel('Client ID').fill(paypal.clientId);
    await card.getByLabel('Client secret').fill('not-the-secret');
    await card.getByRole('button', { name: 'Connect' }).click();
    await card.getByText('Client Authentication failed').waitFor();
    await card.getByLabel('Client secret').fill(paypal.clientSecret);
    await card.getByRole('button', { name: 'Connect' }).click();
    await card.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
    // The secret is never shown again.
    await expect.poll(() => card.getByLabel('Client secret').inputValue()).toBe('');

    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await vendor.setViewportSize({ width: 390, height: 844 });
    await vendor.goto(`${product.url}/app/payments`);
    await vendor.getByRole('heading', { level: 2, name: 'Get paid' }).waitFor();
    // The app was saved for PayPal's sandbox: the vendor is told no real money comes yet.
    await vendor
      .getByTestId('payout-test-mode')
      .getByText('Test mode: the marketplace pays through PayPal with test keys, so no real money reaches you yet.')
      .waitFor();
    // The vendor sees no marketplace keys.
    expect(await vendor.getByRole('heading', { name: 'Marketplace keys' }).count()).toBe(0);
    const form = vendor.getByRole('region', { name: 'PayPal' });
    await form.getByLabel('PayPal e-mail address').fill('not-an-email');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Must be a valid email').waitFor();
    await form.getByLabel('PayPal e-mail address').fill('Payouts@Vendor-One.example');
    await form.getByRole('button', { name: 'Save' }).click();
    await vendor.getByTestId('paypal-receiver').filter({ hasText: 'Paid to the PayPal account payouts@vendor-one.example.' }).waitFor();
    await vendor.reload();
    await vendor.getByTestId('paypal-receiver').waitFor();

    // A Venmo username instead.
    await vendor.getByRole('button', { name: 'Change' }).click();
    await vendor.getByLabel('Pay me by').selectOption('USER_HANDLE');
    await vendor.getByLabel('Venmo username').fill('@vendor-one');
    await vendor.getByRole('button', { name: 'Save' }).click();
    await vendor.getByTestId('paypal-receiver').filter({ hasText: 'Paid to the Venmo user vendor-one.' }).waitFor();

    await vendor.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = vendor.getByRole('dialog', { name: 'Disconnect PayPal?' });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.waitFor({ state: 'detached' });
    await vendor.getByLabel('PayPal e-mail address').waitFor();
    const api = await apiAs(product.url, DEMO_ACCOUNTS.vendor1);
    expect((await api('GET', '/api/stripe/session')).accounts).toEqual({ stripe: null, paypal: null });
  });

  it("the admin's payout flow lists payable orders only and offers PayPal only while the vendor can be paid there", async () => {
    const adminApi = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    const vendorApi = await apiAs(product.url, DEMO_ACCOUNTS.vendor2);
    await vendorApi('POST', '/api/paypal/register', { emailOrVenmo: 'two@vendor-two.example', type: 'EMAIL' });
    const unfulfilled = (
      (await adminApi('GET', '/api/orders?fulfillment=unfulfilled')).orders as { name: string; vendor: string }[]
    ).filter((o) => o.vendor === 'Vendor Two');
    expect(unfulfilled.length).toBeGreaterThan(0);

    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    const payDialog = async () => {
      await admin.goto(`${product.url}/app/finance`);
      await admin.locator('#finance-vendor').selectOption('Vendor Two');
      await admin.getByRole('button', { name: 'Pay vendors' }).click();
      const chooser = admin.getByRole('dialog', { name: 'Pay vendors' });
      const boxes = chooser.getByRole('checkbox', { name: /^Pay #\d+ of Vendor Two$/ });
      await boxes.first().waitFor();
      // Only orders payable now: an unfulfilled one is never offered.
      const offered = await boxes.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
      for (const order of unfulfilled) expect(offered).not.toContain(`Pay ${order.name} of Vendor Two`);
      await boxes.first().check();
      await chooser.getByRole('button', { name: 'Pay selected (1)' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Pay vendors' });
      await dialog.getByTestId('allocation').getByText('Vendor Two', { exact: true }).waitFor();
      const method = dialog.getByLabel('How to pay Vendor Two');
      const options = await method.locator('option').allTextContents();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      return options;
    };
    expect(await payDialog()).toEqual(['Manual', 'PayPal']);

    // PayPal switched off in Settings → Payments: only the manual payment is left.
    await adminApi('PATCH', '/api/app/info/features', { features: { payments: { paypal: { enabled: false } } } });
    expect(await payDialog()).toEqual(['Manual']);
    await admin.context().close();
  });
});
