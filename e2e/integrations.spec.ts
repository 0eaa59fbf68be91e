import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makeFakeShop, startFakePrestaShop } from '../test/fakes/fake-prestashop.ts';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

const KEY = 'E2EKEYE2EKEYE2EKEYE2EKEYE2EKEY12';

describeInBrowser('the integrations screen', () => {
  let shop: Awaited<ReturnType<typeof startFakePrestaShop>>;
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    shop = await startFakePrestaShop({ key: KEY, shop: makeFakeShop(30) });
    [product, browser] = await Promise.all([startProduct({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } }), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    await shop?.close();
  });

  it('a vendor connects its PrestaShop shop, syncs it and finds its products imported', async () => {
    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await vendor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
    // The rest on a phone.
    await vendor.setViewportSize({ width: 390, height: 844 });
    await vendor.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
    await vendor.getByText('No shop connected yet').waitFor();

    const card = vendor.getByRole('region', { name: 'PrestaShop shop' });
    await card.getByLabel('Shop address').fill(shop.url);
    await card.getByLabel('Webservice key').fill('WRONGKEYWRONGKEYWRONGKEYWRONGKEY');
    await card.getByRole('button', { name: 'Test and connect' }).click();
    await card.getByText('The shop refused this webservice key; check that it is complete, active and allowed to read products').waitFor();
    await card.getByLabel('Webservice key').fill(KEY);
    await card.getByRole('button', { name: 'Test and connect' }).click();
    await card.getByRole('status').filter({ hasText: `Connected to ${shop.url}.` }).waitFor();
    await expect.poll(() => card.getByLabel('Webservice key').inputValue()).toBe('');

    const sync = vendor.getByRole('region', { name: 'Product sync' });
    await sync.getByRole('button', { name: 'Sync now' }).click();
    await sync.getByText('30 new, 0 updated, 0 unchanged, 0 not imported.').waitFor({ timeout: 30_000 });

    await vendor.goto(`${product.url}/app/products?status=ALL`);
    await vendor.getByText('Prestashop product 30').first().waitFor();
  });
});
