import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

const PRICE_CHANGE = /changed the price of AUDIT-LAMP from \$19\.99 to \$24\.99/;

describeInBrowser('the change history', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it("an admin's price change reads as money on the audit screen filtered by area, in its CSV export and in the product's own history", async () => {
    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await admin.goto(`${product.url}/app/products/new`);
    await admin.getByLabel('Title', { exact: true }).fill('Audit lamp');
    await admin.getByLabel('Price, Default', { exact: true }).fill('19.99');
    await admin.getByLabel('Stock, Default', { exact: true }).fill('4');
    await admin.getByLabel('SKU, Default', { exact: true }).fill('AUDIT-LAMP');
    await admin.getByRole('region', { name: 'Publishing' }).getByLabel('Vendor', { exact: true }).fill('Vendor One');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.waitForURL(/\/app\/products\/[0-9a-f-]{36}$/);
    // The stored product is in the form (typing before that would be typed into the new one's).
    await admin.getByRole('status').getByText('Saved').waitFor();
    expect(await admin.getByLabel('Price, Default', { exact: true }).inputValue()).toBe('19.99');
    const productUrl = admin.url();

    await admin.getByLabel('Price, Default', { exact: true }).fill('24.99');
    await Promise.all([
      admin.waitForResponse(
        (response) => response.url().includes('/api/products-v2') && response.request().method() === 'PUT' && response.ok(),
      ),
      admin.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);

    // The audit screen, narrowed to products: the change in words, amounts as money; no order's records.
    await admin.goto(`${product.url}/app/audit`);
    await admin.getByRole('heading', { level: 1, name: 'Change history' }).waitFor();
    await admin.getByLabel('Area', { exact: true }).selectOption('products');
    await admin.waitForURL(/\/app\/audit\?area=products$/);
    const list = admin.getByRole('list', { name: 'Change history' });
    await list.getByText(PRICE_CHANGE).waitFor();
    expect(await list.getByText(/ order #/).count()).toBe(0);

    // The filtered history as a CSV file: the amounts with their currency.
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    const link = admin.getByRole('link', { name: 'Download CSV' });
    await link.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([admin.waitForEvent('download'), link.click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('price: 19.99 USD → 24.99 USD');
    expect(csv).not.toMatch(/,orders,/);

    // The product's own screen shows its history, its variant's price change included.
    await admin.goto(productUrl);
    await admin.getByRole('region', { name: 'Change history' }).getByText(PRICE_CHANGE).waitFor();
    await admin.context().close();
  });

  it('an admin keeps the history three years: chosen on the General settings page, the toast names it', async () => {
    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await admin.goto(`${product.url}/app/settings/page/general`);
    const retention = admin.getByRole('region', { name: 'Change history retention' }).getByLabel('Keep the change history for');
    expect(await retention.inputValue()).toBe('24');
    await retention.selectOption({ label: '3 years' });
    await admin.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByText('Change history retention saved').waitFor();
    await admin.reload();
    expect(await admin.getByLabel('Keep the change history for').inputValue()).toBe('36');
    // The page's own history panel lists the store's settings changes.
    await admin
      .getByRole('region', { name: 'Change history' })
      .getByText(/changed the audit log › retention months of .* to 36/)
      .waitFor();
    await admin.context().close();
  });
});
