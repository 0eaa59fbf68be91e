import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { wholeProduct } from '../test/support/whole-product.ts';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

const BUYER = {
  email: 'alex@buyer.example',
  address: { name: 'Alex Buyer', street1: '12 Canal Street', city: 'Amsterdam', zip: '1012 AB', country: 'NL' },
};

describeInBrowser('the discounts screens', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let variantId: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    const { productId } = await admin('PUT', '/api/products-v2', {
      product: wholeProduct({
        title: 'E2E mug',
        vendor: 'Vendor One',
        status: 'ACTIVE',
        variants: [{ price: '40.00', stock: 50, trackStock: true, sku: 'E2E-MUG' }],
      }),
    });
    await admin('POST', '/api/settings/delivery/zone', {
      zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '5' }], countries: [{ code: 'NL' }] },
    });
    variantId = (await admin('GET', `/api/products-v2/${productId}`)).product.variants[0].id as string;
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  /** The message under a field: the error its aria-describedby points at. */
  async function errorUnder(field: Locator): Promise<string | null> {
    const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const errorId = ids.find((id) => id.endsWith('-error'));
    return errorId ? field.page().locator(`[id="${errorId}"]`).textContent() : null;
  }

  const checkout = (discountCode?: string) =>
    fetch(`${product.url}/api/storefront/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ store: 'demo', checkoutId: randomUUID(), ...BUYER, discountCode, lines: [{ variantId, quantity: 1 }] }),
    });

  it('an admin creates a discount code that the checkout then applies, and sees it used in the list; then deletes it', async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discounts' }).click();
    await page.waitForURL(`${product.url}/app/discounts`);
    await page.getByText('No discounts yet.', { exact: false }).waitFor();

    await page.getByRole('link', { name: 'New discount' }).click();
    await page.getByRole('heading', { name: 'New discount' }).waitFor();
    // The shared schema's rules, before anything is sent.
    await page.getByLabel('Percentage off').fill('150');
    await page.getByLabel('Limit the number of uses').click();
    await page.getByLabel('Number of uses', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Save discount' }).click();
    await page.getByText('Not saved: check the fields marked above.').waitFor();
    expect(await errorUnder(page.getByLabel('Code', { exact: true }))).toBe('Required field');
    expect(await errorUnder(page.getByLabel('Name', { exact: true }))).toBe('Required field');
    expect(await errorUnder(page.getByLabel('Percentage off'))).toBe('should be less than 100');
    expect(await errorUnder(page.getByLabel('Number of uses', { exact: true }))).toBe('should be greater than 1');

    await page.getByLabel('Code', { exact: true }).fill('SPRING20');
    await page.getByLabel('Name', { exact: true }).fill('Spring: 20% off');
    await page.getByLabel('Percentage off').fill('20');
    await page.getByLabel('Number of uses', { exact: true }).fill('1');
    // Its amounts are in the store's currency; who pays for it is chosen, a split with the vendor's share.
    expect(await page.getByLabel('Currency').inputValue()).toBe('USD');
    await page.getByLabel('Paid by').selectOption('split');
    await page.getByLabel('Vendor’s share (%)').fill('30');
    await page.getByRole('button', { name: 'Save discount' }).click();
    await page.waitForURL(`${product.url}/app/discounts`);
    const row = page.getByRole('listitem').filter({ hasText: 'Spring: 20% off' });
    await row.getByText('SPRING20').waitFor();
    await row.getByText('vendor pays 30%, marketplace the rest', { exact: false }).waitFor();
    expect(await row.getByText('Active', { exact: true }).count()).toBe(1);
    await row.getByText('used 0 of 1').waitFor();

    // The storefront's checkout applies it: 20% of $40.00.
    const applied = await checkout('spring20');
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect(await applied.json()).toMatchObject({ subtotal: '40.00', discount: '8.00', shipping: '5.00', total: '37.00' });
    // Used up now: the next buyer is told so.
    const refused = await checkout('SPRING20');
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('This discount code has been used up');

    await page.reload();
    await row.getByText('used 1 of 1').waitFor();
    await row.getByText('Applied by the built-in checkout').waitFor();

    await row.getByRole('button', { name: 'Delete Spring: 20% off' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Delete the discount Spring: 20% off?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No discounts yet.', { exact: false }).waitFor();
    expect((await (await checkout('SPRING20')).json()).message).toBe('Unknown discount code');
  });

  it('a vendor gives an amount off with an amount minimum: typed as amount text, shown in the currency', async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discounts' }).click();
    await page.getByRole('link', { name: 'New discount' }).click();
    await page.getByRole('heading', { name: 'New discount' }).waitFor();
    await page.getByLabel('Code', { exact: true }).fill('MUGS250');
    await page.getByLabel('Name', { exact: true }).fill('Mugs: 2.50 off');
    await page.getByLabel('Value', { exact: true }).selectOption('fixed');
    // A decimal comma is not the API's amount text: said under the field before anything is sent.
    await page.getByLabel('Amount off (USD)').fill('2,50');
    await page.getByLabel('Minimum purchase').selectOption('amount');
    await page.getByLabel('Minimum amount (USD)').fill('30');
    await page.getByRole('button', { name: 'Save discount' }).click();
    await page.getByText('Not saved: check the fields marked above.').waitFor();
    expect(await errorUnder(page.getByLabel('Amount off (USD)'))).toBe('Must be an amount like 12.50');
    await page.getByLabel('Amount off (USD)').fill('2.50');
    await page.getByRole('button', { name: 'Save discount' }).click();
    await page.waitForURL(`${product.url}/app/discounts`);
    const row = page.getByRole('listitem').filter({ hasText: 'Mugs: 2.50 off' });
    await row.getByText('$2.50 off', { exact: false }).waitFor();
    await row.getByText('minimum purchase $30.00', { exact: false }).waitFor();
    // The checkout applies it to a $40.00 mug.
    const applied = await checkout('MUGS250');
    expect(await applied.json()).toMatchObject({ subtotal: '40.00', discount: '2.50', total: '42.50' });
    await page.context().close();
  });

  it('keeps unsaved edits: leaving the editor asks first', async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Discounts' }).click();
    await page.getByRole('link', { name: 'New discount' }).click();
    await page.getByRole('heading', { name: 'New discount' }).waitFor();
    // A vendor's discount is on its own products: no scope to choose.
    await page.getByText('Applies to your own products; you pay for it.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Half-typed');
    await nav.getByRole('link', { name: 'Orders' }).click();
    const prompt = page.getByRole('dialog', { name: 'Leave without saving?' });
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/app/discounts/new');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Half-typed');
  });
});
