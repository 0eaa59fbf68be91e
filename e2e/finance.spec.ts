import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seedDemoSales } from '../src/server/demo/seed-demo-sales.ts';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

describeInBrowser('the dashboard and the finance screen', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    await seedDemoSales(product.ctx);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it("the home screen shows the demo marketplace's dashboard with its charts", async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    const heading = page.getByRole('heading', { level: 2, name: 'Dashboard' });
    await heading.waitFor();
    // The dashboard is the home screen: it starts in the first screenful, under one row of what waits.
    await expect.poll(() => page.title()).toMatch(/· Dashboard$/);
    const waiting = page.getByRole('region', { name: 'Waiting for you' });
    await expect.poll(async () => (await waiting.boundingBox())?.height).toBeLessThan(120);
    expect((await heading.boundingBox())!.y).toBeLessThan(400);
    expect((await waiting.boundingBox())!.y).toBeLessThan((await heading.boundingBox())!.y);
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await page.waitForURL(/range=last90/);
    const chart = page.getByTestId('money-chart');
    // recharts draws the sales as an SVG area path once the data is in.
    await chart.locator('.recharts-area-area').first().waitFor();
    await page.getByTestId('orders-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('top-vendors').getByText('Vendor Two').waitFor();
    expect(await page.getByTestId('card-orders').locator('dd').first().textContent()).toMatch(/^\d+$/);
    await page.context().close();
  });

  it('the admin pays a vendor by hand, and the vendor sees the payment', async () => {
    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' }).click();
    await admin.waitForURL(`${product.url}/app/finance`);
    await admin.locator('#finance-vendor').selectOption('Vendor Two');
    // The payout flow lists the orders payable now (paid, shipped, past the holding days), one box each.
    await admin.getByRole('button', { name: 'Pay vendors' }).click();
    const chooser = admin.getByRole('dialog', { name: 'Pay vendors' });
    const choice = chooser.getByRole('checkbox', { name: /^Pay #\d+ of Vendor Two$/ }).first();
    const label = (await choice.getAttribute('aria-label'))!;
    const orderName = label.split(' ')[1];
    await choice.check();
    await chooser.getByRole('button', { name: 'Pay selected (1)' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Pay vendors' });
    await dialog.getByTestId('allocation').getByText('Vendor Two', { exact: true }).waitFor();
    expect(await dialog.getByLabel('How to pay Vendor Two').inputValue()).toBe('manual');
    await dialog.getByLabel('Paid on').fill('2026-11-20');
    await dialog.getByLabel('Details').fill('Bank transfer E2E-7');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await admin
      .getByRole('dialog', { name: 'Payment results' })
      .getByText(/^Vendor Two: .* paid \(Manual\)$/)
      .waitFor();
    await admin.getByRole('button', { name: 'Close' }).click();
    // The payment's commission invoice, from its row.
    await admin.goto(`${product.url}/app/finance?period=all&payment=manual_payment&vendor=Vendor%20Two`);
    const paidRow = admin.getByTestId('transaction-row').filter({ hasText: 'Bank transfer E2E-7' });
    const [adminInvoice] = await Promise.all([
      admin.waitForEvent('download'),
      paidRow.getByRole('button', { name: /^Commission invoice of the payment of .+ on / }).click(),
    ]);
    expect(adminInvoice.suggestedFilename()).toMatch(/^commission-invoice-P-[0-9A-F]{8}\.pdf$/);
    await admin.context().close();

    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor2);
    await vendor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' }).click();
    await vendor.getByTestId('vendor-balance').waitFor();
    // Its money in three figures: available now, pending (held until a day), paid out.
    await vendor.getByTestId('payout-figures').waitFor();
    expect(await vendor.getByTestId('figure-paid').textContent()).toMatch(/^\$\d/);
    // What is due and when: the marketplace's schedule (manual by default).
    await vendor
      .getByTestId('payout-schedule')
      .getByText('The marketplace pays what is due for fulfilled orders when it runs a payout.')
      .waitFor();
    await vendor.getByRole('button', { name: 'Show my payouts' }).click();
    const payment = vendor.getByTestId('transaction-row').filter({ hasText: 'Manual payment' }).filter({ hasText: 'Bank transfer E2E-7' });
    await payment.waitFor();
    const [invoice] = await Promise.all([
      vendor.waitForEvent('download'),
      payment.getByRole('button', { name: /^Commission invoice of the payment of / }).click(),
    ]);
    expect(invoice.suggestedFilename()).toBe(adminInvoice.suggestedFilename());
    expect((await readFile((await invoice.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    // Only its own money: no vendor column.
    expect(await vendor.getByRole('columnheader', { name: 'Vendor' }).count()).toBe(0);
    // The paid order's sale now reads as paid.
    await vendor.goto(`${product.url}/app/finance?period=all&payment=sale&q=${encodeURIComponent(orderName)}`);
    await expect.poll(() => vendor.getByTestId('transaction-row').first().textContent()).toContain('Paid');
    await vendor.context().close();
  });
});
