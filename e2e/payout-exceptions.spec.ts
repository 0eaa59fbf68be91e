import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startFakePayPal, type FakePayPal } from '../test/fakes/fake-paypal.ts';
import { seedDemoSales } from '../src/server/demo/seed-demo-sales.ts';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

describeInBrowser('payouts the provider returned', () => {
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

  it('a PayPal payout returned by PayPal shows on the finance screen with its reason, its order payable again, until an admin resolves it', async () => {
    const adminApi = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    const vendorApi = await apiAs(product.url, DEMO_ACCOUNTS.vendor2);
    await adminApi('PUT', '/api/paypal/admin/api-key', { clientId: paypal.clientId, clientSecret: paypal.clientSecret, isSandbox: true });
    await vendorApi('POST', '/api/paypal/register', { emailOrVenmo: 'two@vendor-two.example', type: 'EMAIL' });
    const payable = (await adminApi('GET', '/api/payment/payable?vendor=Vendor%20Two')).orders as { orderName: string }[];
    const orderName = payable[0].orderName;
    const paid = await adminApi('POST', '/api/payment/v3/pay', {
      payoutLines: [{ orderName, vendor: 'Vendor Two' }],
      methods: { 'Vendor Two': 'paypal' },
    });
    expect(paid.results[0].status).toBe('paid');
    const stillPayable = async () =>
      ((await adminApi('GET', '/api/payment/payable?vendor=Vendor%20Two')).orders as { orderName: string }[]).some(
        (o) => o.orderName === orderName,
      );
    expect(await stillPayable()).toBe(false);

    // PayPal tells us, signed as PayPal signs it, that the receiver's account could not take the money.
    const [batch] = [...paypal.batches.values()];
    const [item] = batch.items;
    const raw = JSON.stringify({
      id: 'WH-E2E-RETURNED',
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'payouts_item',
      event_type: 'PAYMENT.PAYOUTS-ITEM.RETURNED',
      summary: 'A payout item is returned',
      resource: {
        payout_item_id: item.payout_item_id,
        transaction_status: 'RETURNED',
        payout_batch_id: batch.batch_header.payout_batch_id,
        payout_item: item.payout_item,
        errors: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' },
      },
    });
    const webhook = [...paypal.webhooks.values()].at(-1)!;
    const delivered = await fetch(`${product.url}/api/payments/webhook/paypal/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...paypal.signWebhook(webhook.id, raw) },
      body: raw,
    });
    expect(delivered.status).toBe(200);
    expect(await stillPayable()).toBe(true);

    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await admin.goto(`${product.url}/app/finance`);
    const exceptions = admin.getByRole('region', { name: '1 payout needs you' });
    await exceptions.getByText('Returned · PayPal · Vendor Two').waitFor();
    await exceptions.getByText('PayPal: RETURNED Receiver is unregistered').waitFor();
    await exceptions.getByRole('button', { name: 'Resolve' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Resolved' }).waitFor();
    await exceptions.waitFor({ state: 'detached' });
    // Resolved stays resolved after a reload; the order waits to be paid again.
    await admin.reload();
    await admin.getByRole('button', { name: 'Pay vendors' }).waitFor();
    expect(await admin.getByTestId('payout-exceptions').count()).toBe(0);
    await admin.context().close();
  });
});
