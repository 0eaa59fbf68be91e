import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, newPage, signedInPage, startProduct } from './support/product.ts';

describeInBrowser('registration questions in the reader’s language', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  async function openForm(page: Page) {
    await page.goto(`${product.url}/app/login/register`);
    await page.locator('h1').first().waitFor();
    return page;
  }

  it('an admin writes a question in Dutch: a Dutch browser reads it, an English one the English words', async () => {
    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await admin.goto(`${product.url}/app/settings/page/vendors`);
    const question = admin.getByRole('region', { name: 'Registration form', exact: true }).getByRole('group', { name: /^Question 1:/ });
    await question.getByText('In other languages').click();
    await question.getByLabel('Question in Nederlands').fill('Naam van je bedrijf');
    await question.getByLabel('Help text in Nederlands').fill('Zoals bij de Kamer van Koophandel');
    await admin.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('status').getByText('All changes saved').waitFor();
    await admin.context().close();

    const dutch = await openForm(await (await browser.newContext({ locale: 'nl-NL' })).newPage());
    await dutch.getByLabel('Naam van je bedrijf', { exact: true }).waitFor();
    await dutch.getByText('Zoals bij de Kamer van Koophandel').waitFor();
    expect(await dutch.getByLabel('Company name', { exact: true }).count()).toBe(0);
    // A question the admin left in English stays English for the Dutch reader.
    await dutch.getByText('I agree to the terms and conditions').first().waitFor();
    await dutch.context().close();

    const english = await openForm(await newPage(browser));
    await english.getByLabel('Company name', { exact: true }).waitFor();
    expect(await english.getByLabel('Naam van je bedrijf', { exact: true }).count()).toBe(0);
    expect(await english.getByText('Zoals bij de Kamer van Koophandel').count()).toBe(0);
    await english.context().close();
  });
});
