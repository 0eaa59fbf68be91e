import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startFakeShippo, type FakeShippo } from '../test/fakes/fake-shippo.ts';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';
import { wholeProduct } from '../test/support/whole-product.ts';

describeInBrowser('shipping labels', () => {
  let shippo: FakeShippo;
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let orderId = '';

  beforeAll(async () => {
    shippo = await startFakeShippo();
    [product, browser] = await Promise.all([startProduct({ env: { SHIPPO_BASE_URL: shippo.url } }), launchBrowser()]);
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    await admin('PUT', '/api/shippo/api-key', { apiKey: `shippo_test_${'k'.repeat(40)}` });
    const { productId } = await admin('PUT', '/api/products-v2', {
      product: wholeProduct({
        title: 'Label mug',
        vendor: 'Vendor One',
        status: 'ACTIVE',
        variants: [{ price: '20.00', stock: 5, sku: 'LBL-MUG' }],
      }),
    });
    await admin('POST', '/api/settings/delivery/zone', {
      zone: { zoneName: 'US', rates: [{ name: 'Standard', price: '5' }], countries: [{ code: 'US' }] },
    });
    const variantId = (await admin('GET', `/api/products-v2/${productId}`)).product.variants[0].id as string;
    const vendor = await apiAs(product.url, DEMO_ACCOUNTS.vendor1);
    await vendor('PUT', '/api/settings/ship-from-address', {
      shipFromAddress: {
        name: 'Vendor One',
        street1: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'US',
        phone: '+1 555 0100',
        email: 'ship@vendor.example',
      },
      defaultPackage: { length: 20, width: 15, height: 10, distanceUnit: 'cm', weight: 1.5, massUnit: 'kg' },
      defaultLocalPickup: { enabled: false, instructions: '' },
    });
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
    orderId = (await vendor('GET', '/api/orders')).orders[0].id;
    // Labels do not hang on the checkout's delivery area: a store with it switched off still buys them.
    await admin('PATCH', '/api/app/info/features', { features: { features: { delivery: { enabled: false } } } });
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    await shippo?.close();
  });

  it('a vendor buys a label from the rates, cheapest first, and the order shows its tracking link', async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await page.goto(`${product.url}/app/orders/${orderId}`);
    await page.getByRole('heading', { name: 'Buy a label' }).waitFor();
    // The parcel starts from the vendor's default package.
    expect(await page.getByLabel('Weight', { exact: true }).inputValue()).toBe('1.5');
    await page.getByRole('button', { name: 'Get rates' }).click();
    const rates = page.getByTestId('rates').getByRole('listitem');
    await rates.first().waitFor();
    expect(await rates.count()).toBe(3);
    expect(await rates.first().textContent()).toContain('USPS · Priority Mail');
    expect(await rates.first().textContent()).toContain('$7.50');

    await rates.first().getByRole('button', { name: 'Buy label' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy this label?' });
    await dialog.getByRole('button', { name: 'Buy label' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('label').waitFor();
    const [bought] = shippo.transactions();
    expect(await page.getByTestId('label-tracking').textContent()).toBe(bought.tracking_number);
    const shipment = page.getByTestId('shipment');
    await shipment.waitFor();
    expect(await shipment.getByTestId('tracking').textContent()).toBe(bought.tracking_number);
    expect(await shipment.getByRole('link', { name: 'Track this shipment' }).getAttribute('href')).toBe(bought.tracking_url_provider);
    expect(shippo.transactions()).toHaveLength(1);
  });
});
