import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { describeInBrowser, launchBrowser, newPage, startProduct } from './support/product.ts';

describeInBrowser('the app shell', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('serves the web app under /app from the same process as the API', async () => {
    const page = await newPage(browser);
    await page.goto(`${product.url}/app`);
    await expect(page.locator('#root')).not.toBeNull();
    expect(await page.title()).toContain('Marketplace');
  });
});
