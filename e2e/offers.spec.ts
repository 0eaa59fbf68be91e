import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, newPage, startProduct, signedInPage } from './support/product.ts';
import { wholeProduct } from '../test/support/whole-product.ts';

describeInBrowser('the offers screens', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let variantId: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    await admin('PATCH', '/api/app/info/features', { features: { features: { makeAnOffer: { enabled: true } } } });
    await admin('POST', '/api/settings/delivery/zone', {
      zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
    });
    const { productId } = await admin('PUT', '/api/products-v2', {
      product: wholeProduct({
        title: 'Offer vase',
        vendor: 'Vendor One',
        status: 'ACTIVE',
        variants: [{ price: '50.00', stock: 3, trackStock: true, sku: 'OFFER-VASE' }],
      }),
    });
    ({
      product: {
        variants: [{ id: variantId }],
      },
    } = await admin('GET', `/api/products-v2/${productId}`));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('a vendor counters an offer, the buyer accepts it through the mailed link and checks out at the agreed price', async () => {
    const made = await fetch(`${product.url}/api/public/make-an-offer?store=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'vera@buyer.example', amount: '35.00', quantity: 1, variantId }),
    });
    expect(made.status, await made.clone().text()).toBe(201);

    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Offers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Offers' }).waitFor();
    await page.getByRole('link', { name: 'Pending' }).click();
    // The offers' cards (their histories are lists of their own).
    const cardOf = (buyer: string) => page.locator('ul[aria-label="Offers"] > li').filter({ hasText: buyer });
    const card = cardOf('vera@buyer.example');
    await card.getByRole('heading', { name: 'Offer vase' }).waitFor();
    await card.getByRole('button', { name: 'Counter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Counter-offer' });
    await dialog.getByLabel('Your price per unit (USD)').fill('42');
    await dialog.getByRole('button', { name: 'Send counter-offer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Countered' }).click();
    const countered = cardOf('vera@buyer.example');
    await countered.locator('dd', { hasText: '$42.00' }).waitFor();
    await countered.getByText('History').click();
    await countered.getByRole('list', { name: 'History' }).getByText('Counter-offer', { exact: true }).waitFor();

    // The buyer's mail carries the link to the offer's page.
    let mail = '';
    await expect
      .poll(async () => (mail = await product.smtp.waitFor('vera@buyer.example')).includes('$42.00'), { timeout: 15_000 })
      .toBe(true);
    const link = /(https?:\/\/[^\s"<>]+\/app\/offer\/[A-Za-z0-9_.-]+)/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
    expect(link).toBeTruthy();

    const buyer = await newPage(browser);
    await buyer.goto(link!.replace(/^https?:\/\/[^/]+/, product.url));
    await buyer.getByRole('heading', { name: 'The seller proposes $42.00 each' }).waitFor();
    await buyer.getByRole('button', { name: 'Accept' }).click();
    await buyer.getByRole('heading', { name: 'Check out at $42.00 each (1)' }).waitFor();
    await buyer.getByLabel('Name').fill('Vera Buyer');
    await buyer.getByLabel('Street and number').fill('Dam 1');
    await buyer.getByLabel('Postal code').fill('1012 AB');
    await buyer.getByLabel('City').fill('Amsterdam');
    await buyer.getByRole('combobox', { name: 'Country' }).fill('NL');
    await buyer.getByRole('option', { name: /^Netherlands\s*NL$/ }).click();
    await buyer.getByRole('button', { name: 'Place order' }).click();
    await buyer.getByText(/Thank you! Your order #\d+ is placed\./).waitFor();

    // The vendor's list shows it completed.
    await page.getByRole('link', { name: 'Completed' }).click();
    await cardOf('vera@buyer.example').getByText('Completed', { exact: true }).waitFor();
  });
});
