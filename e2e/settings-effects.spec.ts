import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, newPage, startProduct, submitSignIn } from './support/product.ts';

describeInBrowser('settings that show their effect in the app', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  async function openSettings(email: string): Promise<Page> {
    const page = await newPage(browser);
    await submitSignIn(page, product.url, email);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${product.url}/app/settings/page/general`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    return page;
  }

  const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const openPage = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name, exact: true }).click();
  /** The page's one Save, in the bar that shows while it has unsaved edits. */
  async function save(page: Page) {
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('All changes saved').waitFor();
  }

  it("the support name becomes the menu's help link, and the admin's own texts replace the app's", async () => {
    const page = await openSettings(DEMO_ACCOUNTS.admin);
    const support = section(page, 'Support');
    await support.getByLabel('Support name').fill('Studio desk');
    await save(page);
    await page.reload();
    const help = page.getByRole('link', { name: 'Help: Studio desk' });
    await help.waitFor();
    expect(await help.getAttribute('href')).toBe('mailto:support@demo.test');

    await openPage(page, 'Features and storefront');
    const translations = section(page, 'Translations');
    await translations.getByRole('button', { name: 'Add text' }).click();
    await translations.getByLabel('Language').last().selectOption('en');
    await translations.getByLabel('Key').last().fill('shell:nav.orders');
    await translations.getByLabel('Text', { exact: true }).last().fill('Sales');
    await save(page);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sales', exact: true }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders', exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('offers no switch that changes nothing, and says what the marketplace holidays do', async () => {
    const page = await openSettings(DEMO_ACCOUNTS.admin);
    expect(await section(page, 'Appearance').getByLabel('Menu').count()).toBe(0);
    // The template of the Shopify collection each approved vendor page is published as.
    await openPage(page, 'Registration and vendors');
    await section(page, 'Vendor page').getByLabel('Collection template').waitFor();
    await openPage(page, 'Features and storefront');
    await section(page, 'Storefront').getByLabel('Product template').waitFor();
    await openPage(page, 'Marketplace shop');
    await section(page, 'Holiday mode')
      .getByText(/The whole marketplace closes/)
      .waitFor();
    await page.context().close();
  });

  it('a new main colour drives every accent, highlights included', async () => {
    const page = await openSettings(DEMO_ACCOUNTS.admin);
    /** The background a highlight (bg-indigo-50) and a button (bg-indigo-600) get now. */
    const accents = () =>
      page.evaluate(() => {
        const probe = (className: string) => {
          const element = document.body.appendChild(document.createElement('div'));
          element.className = className;
          const colour = getComputedStyle(element).backgroundColor;
          element.remove();
          return colour;
        };
        return { highlight: probe('bg-indigo-50'), button: probe('bg-indigo-600') };
      });
    const before = await accents();
    const appearance = section(page, 'Appearance');
    await appearance.getByLabel('Main colour', { exact: true }).fill('#0f766e');
    await save(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect.poll(async () => (await accents()).button).not.toBe(before.button);
    expect((await accents()).highlight).not.toBe(before.highlight);
    await page.context().close();
  });
});
