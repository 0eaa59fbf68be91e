import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, describeInBrowser, launchBrowser, startProduct } from './support/product.ts';

const LOCALES = ['en-US', 'nl-NL', 'de-DE', 'fr-FR', 'es-ES'];
const SCREENS = [
  '/',
  '/orders',
  '/products',
  '/vendors',
  '/vendors/applications',
  '/metafields',
  '/vendor-page',
  '/commissions',
  '/notifications',
  '/settings/page',
  '/delivery',
];

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
    const page = await signIn(locale);
    for (const screen of SCREENS) {
      await page.goto(`${product.url}/app${screen}`);
      await page.locator('main h1').first().waitFor();
      // Sections fill in after their data; the busy states are gone once every text is there.
      await page.waitForFunction(() => !document.querySelector('main svg.animate-spin'));
      const text = await page.locator('body').innerText();
      expect({ screen, placeholders: text.match(/\{\{[^}]*\}\}/g) ?? [] }).toEqual({ screen, placeholders: [] });
    }
    await page.context().close();
  });

  it("nl-NL: the store's words are Dutch, the plain ones until the admin sets the Dutch word", async () => {
    const page = await signIn('nl-NL');
    const products = async () => {
      await page.goto(`${product.url}/app/products`);
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('main svg.animate-spin'));
    };
    await products();
    expect(await page.title()).toBe('Demo Marketplace · Producten');
    // Neither a placeholder nor the English word (the vendor filter said "Alle vendors").
    expect(await page.locator('body').innerText()).not.toMatch(/\{\{|\bproducts\b|\bvendors\b/i);

    await page.goto(`${product.url}/app/settings/page#general`);
    const general = page.getByRole('region', { name: 'Algemeen', exact: true });
    // The reader's language is the tab shown first; its fields show the plain words until written.
    expect(await general.getByRole('tab', { name: 'Nederlands' }).getAttribute('aria-selected')).toBe('true');
    expect(await general.getByLabel('Producten (meervoud)').getAttribute('placeholder')).toBe('producten');
    await general.getByLabel('Product (enkelvoud)').fill('artikel');
    await general.getByLabel('Producten (meervoud)').fill('artikelen');
    await page.getByRole('region', { name: 'Niet-opgeslagen wijzigingen' }).getByRole('button', { name: 'Opslaan' }).click();
    await page.getByRole('status').getByText('Alle wijzigingen opgeslagen').waitFor();

    await products();
    expect(await page.title()).toBe('Demo Marketplace · Artikelen');
    expect(await page.locator('main h1').first().innerText()).toBe('Artikelen');
    await page.context().close();
  });

  async function signIn(locale: string) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`${product.url}/app/login`);
    await page.locator('input[name="email"]').fill(DEMO_ACCOUNTS.admin);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('input[name="password"]').press('Enter');
    // Signed in once the app has left the sign-in screen (whose own heading would answer at once).
    await page.waitForURL((url) => !url.pathname.startsWith('/app/login'));
    await page.locator('main h1').first().waitFor();
    return page;
  }
});
