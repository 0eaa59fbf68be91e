import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

// A server without Chromium (a bare `npm start`): documents open as pages to print.
describeInBrowser('documents where the server has no Chromium', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof apiAs>>;
  let orderUrl: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct({ env: { CHROMIUM_PATH: '' } }), launchBrowser()]);
    admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    const { productId } = await admin('PUT', '/api/products-v2', {
      product: {
        title: 'Print mug',
        vendor: 'Vendor One',
        status: 'ACTIVE',
        bodyHtml: '',
        seo: { title: '', description: '' },
        options: [],
        media: [],
        metafields: [],
        variants: [
          {
            price: '20.00',
            stock: 5,
            trackStock: true,
            sku: 'PRINT-MUG',
            compareAt: null,
            options: [],
            barcode: '',
            taxable: true,
            requiresShipping: true,
            weight: null,
            dimensions: null,
            localPickup: { enabled: false },
            media: [],
            metafields: [],
          },
        ],
      },
    });
    await admin('POST', '/api/settings/delivery/zone', {
      zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '4.95' }], countries: [{ code: 'NL' }] },
    });
    const variantId = (await admin('GET', `/api/products-v2/${productId}`)).product.variants[0].id as string;
    const response = await fetch(`${product.url}/api/storefront/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        store: 'demo',
        checkoutId: randomUUID(),
        email: 'alex@buyer.example',
        address: { name: 'Alex Buyer', street1: '12 Canal Street', city: 'Amsterdam', zip: '1012 AB', country: 'NL' },
        lines: [{ variantId, quantity: 1 }],
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const [order] = (await admin('GET', '/api/orders')).orders as { id: string }[];
    orderUrl = `${product.url}/app/orders/${order.id}`;
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('the invoice opens in a new tab as a page to print, and its Print button prints', async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await page.goto(orderUrl);
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByText('Documents open in a new tab as pages to print').waitFor();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      documents.getByRole('button', { name: 'Invoice (to print)' }).click(),
    ]);
    const refused: string[] = [];
    tab.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    // The buyer is in the Netherlands: a Dutch invoice
    await tab.getByRole('heading', { level: 1, name: /^Factuur 1001-/ }).waitFor();
    expect(tab.url()).toMatch(/^blob:/);
    await tab.getByText('12 Canal Street').waitFor();
    // The print dialog itself is the browser's; the button's own script must run to open it.
    await tab.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await tab.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => tab.evaluate(() => document.body.getAttribute('data-printed'))).toBe('yes');
    expect(refused).toEqual([]);
  });

  it('the templates screen says how to get PDFs; a turned-off document is not offered', async () => {
    const adminPage = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await adminPage.goto(`${product.url}/app/notifications`);
    await adminPage.getByText('Documents open as pages to print').waitFor();
    await adminPage.getByText(/install Debian’s chromium package on the server/).waitFor();
    await adminPage.getByRole('switch', { name: 'Offer Packing slip for download' }).click();
    await expect.poll(async () => (await admin('GET', '/api/documents')).enabled['doc-packing-slip']).toBe(false);

    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await page.goto(orderUrl);
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByRole('button', { name: 'Invoice (to print)' }).waitFor();
    expect(await documents.getByRole('button', { name: 'Packing slip (to print)' }).count()).toBe(0);
  });
});
