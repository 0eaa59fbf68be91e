import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';
import { wholeProduct } from '../test/support/whole-product.ts';

/**
 * A vendor never lands on a screen it cannot use: an area the marketplace has not switched on is
 * not in its menu nor at its address, and an area that waits for the marketplace says in words what
 * the marketplace must do, without a failing request. (Membership without Stripe: membership.spec.ts.)
 */
describeInBrowser("a vendor's dead ends", () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let orderId = '';

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    const { productId } = await admin('PUT', '/api/products-v2', {
      product: wholeProduct({
        title: 'Parcel mug',
        vendor: 'Vendor One',
        status: 'ACTIVE',
        variants: [{ price: '20.00', stock: 5, sku: 'DEAD-1' }],
      }),
    });
    await admin('POST', '/api/settings/delivery/zone', {
      zone: { zoneName: 'US', rates: [{ name: 'Standard', price: '5.00' }], countries: [{ code: 'US' }] },
    });
    const variantId = (await admin('GET', `/api/products-v2/${productId}`)).product.variants[0].id as string;
    const checkout = await fetch(`${product.url}/api/storefront/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        store: 'demo',
        checkoutId: randomUUID(),
        email: 'sam@buyer.example',
        address: { name: 'Sam Buyer', street1: '5 Oak Ave', city: 'Austin', province: 'TX', zip: '78701', country: 'US' },
        lines: [{ variantId, quantity: 1 }],
      }),
    });
    expect(checkout.status, await checkout.clone().text()).toBe(200);
    orderId = (await (await apiAs(product.url, DEMO_ACCOUNTS.vendor1))('GET', '/api/orders')).orders[0].id;
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  /** Every failing response and console error of a page from now on. */
  function noiseOf(page: Page) {
    const found: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) found.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') found.push(`console: ${m.text()}`);
    });
    return found;
  }
  const settled = (page: Page) => page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);

  it('vendor pages off: no "Vendor page" in the vendor menu, "Page not found" at its address; the admin is led to the switch', async () => {
    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    const noise = noiseOf(vendor);
    const nav = vendor.getByRole('navigation', { name: 'Main' });
    // The Discounts entry waits for the store's switches too: once it is there, the menu is complete.
    await nav.getByRole('link', { name: 'Discounts' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Vendor page' }).count()).toBe(0);
    await vendor.goto(`${product.url}/app/vendor-page`);
    await vendor.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await settled(vendor);
    expect(noise).toEqual([]);
    await vendor.context().close();

    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vendor page' }).click();
    await admin.getByText('Vendor pages are turned off', { exact: true }).waitFor();
    await admin.getByRole('link', { name: 'Turn them on in Settings' }).click();
    await admin.getByRole('switch', { name: 'Vendor pages', exact: true }).waitFor();
    await admin.context().close();
  });

  it('payments without a provider: the vendor reads that it is paid manually until the marketplace connects one', async () => {
    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    const noise = noiseOf(vendor);
    await vendor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
    await vendor.getByText('The marketplace has not connected a payment provider yet: your payouts are made manually.').waitFor();
    await settled(vendor);
    expect(await vendor.getByRole('alert').count()).toBe(0);
    expect(noise).toEqual([]);
    await vendor.context().close();
  });

  it("shipping labels without the marketplace's Shippo account: the order says to ask the marketplace", async () => {
    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    const noise = noiseOf(vendor);
    await vendor.goto(`${product.url}/app/orders/${orderId}`);
    await vendor
      .getByText('Labels are bought with the marketplace’s Shippo account, which is not connected yet: ask the marketplace to connect it.')
      .waitFor();
    await settled(vendor);
    expect(noise).toEqual([]);
    await vendor.context().close();
  });
});
