import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DEMO_ACCOUNTS,
  apiAs,
  describeInBrowser,
  launchBrowser,
  newPage,
  signedInPage,
  startProduct,
  submitSignIn,
} from './support/product.ts';

const PHONE = { width: 390, height: 844 };

describeInBrowser('the app frame', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let orderId = '';
  let productId = '';

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    // One order with a long product name, so the order screens have rows to lay out.
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    ({ productId } = await admin('PUT', '/api/products-v2', {
      // A PUT sends the whole product.
      product: {
        title: 'Hand-thrown stoneware serving bowl, large',
        vendor: 'Vendor One',
        status: 'ACTIVE',
        bodyHtml: '',
        seo: { title: '', description: '' },
        options: [],
        media: [],
        metafields: [],
        variants: [
          {
            price: '48.00',
            stock: 5,
            trackStock: true,
            sku: 'FRAME-BOWL',
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
    }));
    await admin('POST', '/api/settings/delivery/zone', {
      zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '4.95' }], countries: [{ code: 'NL' }] },
    });
    const variantId = (await admin('GET', `/api/products-v2/${productId}`)).product.variants[0].id as string;
    const checkout = await fetch(`${product.url}/api/storefront/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        store: 'demo',
        checkoutId: randomUUID(),
        email: 'sam@buyer.example',
        address: { name: 'Sam Buyer', street1: '1 Dam', city: 'Amsterdam', zip: '1012 JS', country: 'NL' },
        lines: [{ variantId, quantity: 1 }],
      }),
    });
    expect(checkout.status, await checkout.clone().text()).toBe(200);
    orderId = ((await admin('GET', '/api/orders')).orders as { id: string }[])[0].id;
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('a signed-out visit to an order goes to sign-in and comes back to the order after it', async () => {
    const page = await newPage(browser);
    await page.goto(`${product.url}/app/orders/${orderId}`);
    await page.waitForURL(`${product.url}/app/login?next=${encodeURIComponent(`/orders/${orderId}`)}`);
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.admin);
    await page.getByLabel('Password', { exact: true }).fill('demo-password-123');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(`${product.url}/app/orders/${orderId}`);
    await page.getByRole('heading', { level: 1, name: /#1001/ }).waitFor();
    await page.context().close();
  });

  it('never follows a return address to another site', async () => {
    const page = await newPage(browser);
    await page.goto(`${product.url}/app/login?next=${encodeURIComponent('//evil.example/x')}`);
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.vendor1);
    await page.getByLabel('Password', { exact: true }).fill('demo-password-123');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(new RegExp(`^${product.url}/app/?$`));
    await page.context().close();
  });

  it('groups the sidebar, shows only what the caller may use, and the home screen lists what waits', async () => {
    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    const nav = admin.getByRole('navigation', { name: 'Main' });
    for (const group of ['Sales', 'Catalog', 'Money', 'Engagement', 'Settings']) await nav.getByRole('list', { name: group }).waitFor();
    expect(await nav.getByRole('list', { name: 'Sales' }).getByRole('link').allTextContents()).toEqual([
      'Orders',
      'Vendors',
      'Applications',
    ]);
    await admin.getByTestId('waiting-item').filter({ hasText: 'order to ship' }).getByText('1', { exact: true }).waitFor();
    await admin.context().close();

    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor2);
    const vendorNav = vendor.getByRole('navigation', { name: 'Main' });
    await vendorNav.getByRole('link', { name: 'Orders' }).waitFor();
    expect(await vendorNav.getByRole('link', { name: 'Vendors' }).count()).toBe(0);
    expect(await vendorNav.getByRole('link', { name: 'Commissions' }).count()).toBe(0);
    await vendor.context().close();
  });

  /** Signs in on a phone-sized window; the navigation is behind the menu button there. */
  async function phonePage(email: string): Promise<Page> {
    const context = await browser.newContext({ locale: 'en-US', viewport: PHONE });
    const page = await context.newPage();
    await submitSignIn(page, product.url, email);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    return page;
  }

  it('on a phone the menu button slides the navigation in, and choosing an entry closes it', async () => {
    const page = await phonePage(DEMO_ACCOUNTS.vendor1);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.waitForURL(`${product.url}/app/products`);
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('asks before leaving the product editor with unsaved edits (a link, then the back button)', async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Half-written');

    await nav.getByRole('link', { name: 'Orders' }).click();
    const prompt = page.getByRole('dialog', { name: 'Leave without saving?' });
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/app/products/new');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Half-written');

    await page.goBack();
    await prompt.getByRole('button', { name: 'Leave without saving' }).click();
    // The list may open on another tab than Draft (?status=...) when the vendor has no drafts.
    await page.waitForURL((url) => url.pathname === '/app/products');
    await page.context().close();
  });

  it('asks before leaving a settings section with unsaved edits, and not once it is saved', async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Settings' }).click();
    const support = page.getByRole('region', { name: 'Support', exact: true });
    await support.getByLabel('Support name', { exact: true }).fill('Help desk');

    await page.goBack();
    const prompt = page.getByRole('dialog', { name: 'Leave without saving?' });
    await prompt.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/app/settings/page/general');

    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('All changes saved').waitFor();
    await page.getByTestId('toast').getByText('Saved').waitFor();
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(`${product.url}/app/orders`);
    expect(await prompt.count()).toBe(0);
    await page.context().close();
  });
});
