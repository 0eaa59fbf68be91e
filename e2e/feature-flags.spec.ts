import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';
import { wholeProduct } from '../test/support/whole-product.ts';

describeInBrowser('store feature flags on the screens', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof apiAs>>;
  let productId = '';
  const setFlags = (enabled: boolean) =>
    admin('PATCH', '/api/app/info/features', {
      features: {
        features: Object.fromEntries(['delivery', 'holidayMode', 'currencies', 'translations', 'auditLogs'].map((f) => [f, { enabled }])),
        translations: { enabled: true, locales: ['nl'] },
      },
    });

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    ({ productId } = await admin('PUT', '/api/products-v2', {
      product: wholeProduct({ title: 'Flag mug', vendor: 'Vendor One', variants: [{ price: '9.00', stock: 1, sku: 'FLAG-1' }] }),
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('switched off, an area leaves the menu, its address shows "Page not found", its sections and tabs are gone; switched on, all are back', async () => {
    await setFlags(false);
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Settings' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Delivery' }).count()).toBe(0);

    await page.goto(`${product.url}/app/delivery`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();

    await page.goto(`${product.url}/app/settings/page/shipping`);
    await page.getByRole('heading', { name: 'Ship-from address' }).first().waitFor();
    // The marketplace's shop page held only holiday mode and currency: with both off it is gone.
    const settingsPages = page.getByRole('navigation', { name: 'Settings pages' });
    expect(await settingsPages.getByRole('link', { name: 'Marketplace shop' }).count()).toBe(0);
    await settingsPages.getByRole('link', { name: 'Features and storefront' }).click();
    await page.getByRole('heading', { name: 'Storefront', exact: true }).waitFor();
    for (const section of ['Holiday mode', 'Currency', 'Translations'])
      expect(await page.getByRole('heading', { name: section, exact: true }).count(), section).toBe(0);

    await page.goto(`${product.url}/app/products/${productId}`);
    await page.getByLabel('Title', { exact: true }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);

    await setFlags(true);
    // The store's features are read when the app opens.
    await page.goto(`${product.url}/app/products/${productId}`);
    await page.getByRole('tab', { name: 'Change log' }).waitFor();
    await page.getByRole('tab', { name: 'Translations' }).waitFor();
    await page.goto(`${product.url}/app/settings/page/shop`);
    await page.getByRole('heading', { name: 'Holiday mode', exact: true }).waitFor();
    await page.goto(`${product.url}/app/settings/page/features`);
    await page.getByRole('heading', { name: 'Translations', exact: true }).waitFor();
    await page.goto(`${product.url}/app/delivery`);
    await page.getByRole('heading', { level: 1, name: 'Delivery' }).waitFor();
    await nav.getByRole('link', { name: 'Delivery' }).waitFor();
    await page.context().close();
  });
});
