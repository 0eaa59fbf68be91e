import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

describeInBrowser('delivery settings', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    await admin('POST', '/api/settings/delivery/zone', {
      zone: {
        zoneName: 'Ireland',
        rates: [
          { name: 'Standard', price: '5' },
          { name: 'Express', price: '15' },
        ],
        countries: [{ code: 'IE' }],
      },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('an admin switches on rate names and sees what a buyer is then offered', async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await page.goto(`${product.url}/app/delivery`);
    const preview = page.getByRole('region', { name: 'What a buyer sees' });
    await preview.waitFor();
    await preview.getByLabel('Country').selectOption('IE');
    await preview.getByRole('button', { name: 'Show options' }).click();
    const options = preview.getByRole('listitem');
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual(['Shipping\n$5.00']);

    const settings = page.getByRole('region', { name: 'Delivery settings' });
    await settings.getByRole('switch', { name: 'Rate names at checkout' }).click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    // The toast says what was saved, not a bare "Saved"
    await page.getByTestId('toast').getByText('Delivery settings saved', { exact: true }).waitFor();

    await preview.getByRole('button', { name: 'Show options' }).click();
    await options.nth(1).waitFor();
    expect(await options.allInnerTexts()).toEqual(['Standard\n$5.00', 'Express\n$15.00']);
  });

  it('an admin edits a rate: the price as typed, with its currency, refused with too many decimals', async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await page.goto(`${product.url}/app/delivery`);
    await page.getByRole('button', { name: 'Edit Ireland' }).click();
    const price = page.getByLabel('Price, rate 1');
    // The API's amount text, with the zone currency's decimals.
    expect(await price.inputValue()).toBe('5.00');
    await price.fill('4.955');
    await page.getByRole('button', { name: 'Save zone' }).click();
    await page.getByText('Must have at most 2 decimals').waitFor();
    await price.fill('4.95');
    await page.getByLabel('Based on, rate 1').selectOption('TOTAL_PRICE');
    await page.getByLabel('Min, rate 1').fill('0');
    await page.getByLabel('Max, rate 1').fill('99.99');
    await page.getByRole('button', { name: 'Save zone' }).click();
    await page.getByRole('button', { name: 'Edit Ireland' }).waitFor();
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    const { zones } = await admin('GET', '/api/settings/delivery/zones');
    expect(zones.find((z: { zoneName: string }) => z.zoneName === 'Ireland')).toMatchObject({
      currency: 'USD',
      rates: [{ name: 'Standard', price: '4.95', field: 'TOTAL_PRICE', min: '0.00', max: '99.99' }, { price: '15.00' }],
    });
    await page.context().close();
  });

  it('live rates point only to a Shippo field the reader has: the admin to Settings, a vendor to the marketplace', async () => {
    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await admin.goto(`${product.url}/app/delivery`);
    await admin.getByText('They need a Shippo account, which is not connected yet.').waitFor();
    await admin.getByRole('link', { name: 'Connect a Shippo account in Settings' }).click();
    await admin.waitForURL(/\/app\/settings\/page#shippo$/);
    await admin.getByLabel('Shippo API key').waitFor();
    await admin.context().close();

    // Vendors may not connect their own account here: they are told it is the marketplace's to do.
    const api = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    const { delivery } = await api('GET', '/api/settings/delivery');
    await api('PUT', '/api/settings/delivery', { ...delivery, shippo: { enabled: false } });
    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await vendor.goto(`${product.url}/app/delivery`);
    await vendor.getByText('the marketplace has not connected yet', { exact: false }).waitFor();
    expect(await vendor.getByRole('link', { name: 'Connect a Shippo account in Settings' }).count()).toBe(0);
    await vendor.context().close();
  }, 180_000);
});
