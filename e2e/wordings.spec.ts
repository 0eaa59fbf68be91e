import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, describeInBrowser, launchBrowser, startProduct } from './support/product.ts';

const LOCALES = ['en-US', 'nl-NL', 'de-DE', 'fr-FR', 'es-ES'];
const SCREENS = ['/', '/orders', '/products', '/vendors', '/vendors/applications', '/metafields', '/vendor-page', '/commissions', '/notifications', '/settings/page', '/delivery'];

describeInBrowser('texts on every main screen, in every language', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it.each(LOCALES.map((l) => [l]))('%s: no screen shows a raw {{placeholder}} or a key', async (locale) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`${product.url}/app/login`);
    await page.locator('input[name="email"]').fill(DEMO_ACCOUNTS.admin);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('input[name="password"]').press('Enter');
    // Signed in once the app has left the sign-in screen (whose own heading would answer at once).
    await page.waitForURL((url) => !url.pathname.startsWith('/app/login'));
    await page.locator('main h1').first().waitFor();
    for (const screen of SCREENS) {
      await page.goto(`${product.url}/app${screen}`);
      await page.locator('main h1').first().waitFor();
      // Sections fill in after their data; the busy states are gone once every text is there.
      await page.waitForFunction(() => !document.querySelector('main svg.animate-spin'));
      const text = await page.locator('body').innerText();
      expect({ screen, placeholders: text.match(/\{\{[^}]*\}\}/g) ?? [] }).toEqual({ screen, placeholders: [] });
    }
    await context.close();
  });
});
