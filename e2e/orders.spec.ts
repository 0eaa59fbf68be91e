import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, startProduct, signedInPage } from './support/product.ts';

const TITLE = 'E2E mug';
const BUYER = {
  email: 'alex@buyer.example',
  address: { name: 'Alex Buyer', street1: '12 Canal Street', city: 'Amsterdam', zip: '1012 AB', country: 'NL' },
};

describeInBrowser('the order screens', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  /** The vendor order ids of the buyer's two orders, #1001 (two mugs) and #1002 (one). */
  const vendorOrderIds: Record<string, string> = {};

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    // An admin's product is approved at once: for sale as soon as it is active.
    const { productId } = await admin('PUT', '/api/products-v2', {
      // A PUT sends the whole product.
      product: {
        title: TITLE,
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
            sku: 'E2E-MUG',
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

    // The buyer checks out twice, with the storefront's public call.
    for (const quantity of [2, 1]) {
      const response = await fetch(`${product.url}/api/storefront/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ store: 'demo', checkoutId: randomUUID(), ...BUYER, lines: [{ variantId, quantity }] }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
    }
    for (const order of (await admin('GET', '/api/orders')).orders as { id: string; name: string }[]) vendorOrderIds[order.name] = order.id;
    expect(Object.keys(vendorOrderIds).sort()).toEqual(['#1001', '#1002']);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  const signIn = (email: string) => signedInPage(browser, product.url, email);

  const row = (page: Page, name: string) => page.getByTestId('order-row').filter({ has: page.getByRole('link', { name, exact: true }) });

  it('a vendor finds the order, ships it in two parts with tracking, and goes on to the next order', async () => {
    const page = await signIn(DEMO_ACCOUNTS.vendor1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.waitForFunction(() => document.title === 'Demo Marketplace · Orders');
    const first = row(page, '#1001');
    await first.waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(2);
    expect(await page.getByTestId('count-count').textContent()).toBe('2');
    expect(await page.getByTestId('count-payoutDue').textContent()).toBe('2');
    // a vendor's own orders: no vendor column
    expect(await page.getByRole('columnheader', { name: 'Vendor', exact: true }).count()).toBe(0);
    const cells = await first.locator('td').allTextContents();
    // The buyer has not paid yet (the demo's bank transfer): shown beside the payout state.
    expect(cells).toEqual([
      expect.any(String),
      'Alex Buyer',
      '2',
      'Unfulfilled',
      'Awaiting paymentPayout due',
      '$40.00',
      '$4.00',
      '$36.00',
    ]);
    expect(await first.getByTestId('payment-status').textContent()).toBe('Awaiting payment');

    // Filters live in the address: a search narrows the list and survives a reload.
    await page.getByRole('searchbox', { name: 'Search' }).fill('1002');
    await page.waitForURL(/\?q=1002$/);
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(1);
    await page.reload();
    await row(page, '#1002').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('1002');
    await page.getByRole('navigation', { name: 'Fulfilment' }).getByRole('link', { name: 'Fulfilled', exact: true }).click();
    await page.getByText('No orders match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(2);

    await first.getByRole('link', { name: '#1001' }).click();
    await page.waitForURL(`${product.url}/app/orders/${vendorOrderIds['#1001']}`);
    await page.getByRole('heading', { level: 1, name: '#1001' }).waitFor();
    await page.waitForFunction(() => document.title === 'Demo Marketplace · Order #1001');
    const line = page.getByTestId('line-row');
    expect(await line.locator('th, td').allTextContents()).toEqual([TITLE, '—', 'E2E-MUG', '2', '0', '$20.00', '$4.00']);
    // The store hides the buyer's e-mail, phone and billing address from vendors: left out, not shown empty.
    const buyer = page.getByRole('region', { name: 'Buyer' });
    expect(await buyer.getByTestId('buyer-name').textContent()).toBe('Alex Buyer');
    await buyer.getByText('1012 AB Amsterdam').waitFor();
    expect(await buyer.getByText('E-mail').count()).toBe(0);
    expect(await buyer.getByText('Billing address').count()).toBe(0);
    await page.getByText('Nothing shipped yet.').waitFor();

    // The form checks with the shared schema; the server's refusal lands under its field.
    const form = page.getByRole('region', { name: 'Ship items' });
    const quantity = form.getByLabel(`Quantity to ship, ${TITLE}`);
    expect(await quantity.inputValue()).toBe('2');
    await form.getByLabel('Tracking URL').fill('not a url');
    await quantity.fill('5');
    await form.getByRole('button', { name: 'Mark as shipped' }).click();
    await form.getByText('Must be a valid URL').waitFor();
    await form.getByLabel('Tracking URL').fill('https://track.example/3S0001');
    await form.getByRole('button', { name: 'Mark as shipped' }).click();
    await form.getByText('More than is left to fulfil').waitFor();
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');

    // One of the two, with its tracking.
    await quantity.fill('1');
    await form.getByLabel('Carrier').fill('PostNL');
    await form.getByLabel('Tracking number').fill('3S0001');
    await form.getByRole('button', { name: 'Mark as shipped' }).click();
    await page.getByRole('status').filter({ hasText: 'Shipped' }).waitFor();
    await expect.poll(() => page.getByTestId('fulfillment').first().textContent()).toBe('Partially fulfilled');
    expect(await line.getByTestId('fulfilled-quantity').textContent()).toBe('1');
    const shipments = page.getByTestId('shipment');
    expect(await shipments.count()).toBe(1);
    expect(await shipments.first().textContent()).toContain('PostNL');
    expect(await shipments.first().getByTestId('tracking').textContent()).toBe('3S0001');
    expect(await shipments.first().getByRole('link', { name: 'Track this shipment' }).getAttribute('href')).toBe(
      'https://track.example/3S0001',
    );
    // the form starts again from what is left
    expect(await form.getByLabel(`Quantity to ship, ${TITLE}`).inputValue()).toBe('1');
    expect(await form.getByLabel('Carrier').inputValue()).toBe('');

    // The other one, with the keyboard.
    await form.getByLabel('Tracking number').fill('3S0002');
    await form.getByLabel('Tracking number').press('Enter');
    await expect.poll(() => page.getByTestId('fulfillment').first().textContent()).toBe('Fulfilled');
    await expect.poll(() => shipments.count()).toBe(2);
    expect(await shipments.nth(1).getByTestId('tracking').textContent()).toBe('3S0002');
    await expect.poll(() => form.count()).toBe(0);
    expect(await line.getByTestId('fulfilled-quantity').textContent()).toBe('2');

    // The packing slip for the box: a real PDF through the session.
    const [slip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Packing slip (PDF)' }).click()]);
    expect(slip.suggestedFilename()).toBe('slip-1001.pdf');
    expect(
      readFileSync((await slip.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // On to the next order waiting.
    await page.getByRole('status').getByRole('link', { name: 'Next order to ship' }).click();
    await page.waitForURL(`${product.url}/app/orders/${vendorOrderIds['#1002']}`);
    await page.getByRole('heading', { level: 1, name: '#1002' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Shipped' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Ship items' }).getByLabel(`Quantity to ship, ${TITLE}`).inputValue()).toBe('1');

    await page.getByRole('link', { name: 'Back to orders' }).click();
    await page.getByRole('navigation', { name: 'Fulfilment' }).getByRole('link', { name: 'Fulfilled', exact: true }).click();
    await page.waitForURL(/\?fulfillment=fulfilled$/);
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(1);
    expect(await row(page, '#1001').getByTestId('fulfillment').textContent()).toBe('Fulfilled');

    // The filtered list as a CSV file.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const link = page.getByRole('link', { name: 'Download CSV' });
    await link.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('#1001');
    expect(csv).not.toContain('#1002');
    await page.context().close();
  });

  it('another vendor sees none of it', async () => {
    const page = await signIn(DEMO_ACCOUNTS.vendor2);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByText('No orders yet').waitFor();
    expect(await page.getByTestId('count-count').textContent()).toBe('0');
    await page.goto(`${product.url}/app/orders/${vendorOrderIds['#1001']}`);
    await page.getByText('This order does not exist, or it is not yours to see.').waitFor();
    expect(await page.getByText('Alex Buyer').count()).toBe(0);
    await page.context().close();
  });

  it('an admin sees whose order it is, the buyer in full, and overrides the commission', async () => {
    const page = await signIn(DEMO_ACCOUNTS.admin);
    await page.goto(`${product.url}/app/orders`);
    const first = row(page, '#1001');
    await first.waitFor();
    await page.getByRole('columnheader', { name: 'Vendor', exact: true }).waitFor();
    expect(await first.getByTestId('vendor').textContent()).toBe('Vendor One');

    // the vendor filter: Vendor Two has none
    const vendorFilter = page.getByRole('combobox', { name: 'Vendor', exact: true }).and(page.locator('main select'));
    await vendorFilter.locator('option', { hasText: 'Vendor Two' }).waitFor({ state: 'attached' });
    await vendorFilter.selectOption('Vendor Two');
    await page.waitForURL(/vendor=Vendor\+Two/);
    await page.getByText('No orders match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await first.waitFor();

    await first.getByRole('link', { name: '#1001' }).click();
    await page.getByRole('heading', { level: 1, name: '#1001' }).waitFor();
    expect(await page.getByRole('region', { name: 'Buyer' }).getByTestId('buyer-email').textContent()).toBe(BUYER.email);
    await page.getByText('Vendor One is the only vendor in this order.').waitFor();

    const commission = page.getByRole('region', { name: 'Commission on this order' });
    expect(await commission.getByTestId('current-commission').textContent()).toBe('Now: $4.00');
    await commission.getByLabel('Percentage').fill('101');
    await commission.getByRole('button', { name: 'Override' }).click();
    await commission.getByText('Must be at most 100').waitFor();
    await commission.getByText('Required field').waitFor();
    await commission.getByLabel('Flat amount (USD)').fill('1');
    await commission.getByLabel('Percentage').fill('5');
    await commission.getByRole('button', { name: 'Override' }).click();
    // 1.00 + 5 % of 40.00
    await commission.getByRole('status').getByText('New commission: $3.00, vendor share $37.00').waitFor();
    await expect.poll(() => commission.getByTestId('current-commission').textContent()).toBe('Now: $3.00');

    await page.getByRole('link', { name: 'Back to orders' }).click();
    await expect.poll(() => row(page, '#1001').getByTestId('commission').textContent()).toBe('$3.00');
    await page.context().close();
  });
});
