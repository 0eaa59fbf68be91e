import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

describeInBrowser("a new marketplace's first steps", () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('the admin home lists them and each ticks itself once done; vendors never see them', async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await page.goto(`${product.url}/app`);
    const steps = page.getByRole('region', { name: 'First steps' });
    await steps.waitFor();
    const delivery = steps.getByTestId('first-step-delivery');
    expect(await delivery.getAttribute('data-done')).toBe('false');
    expect(await delivery.textContent()).toContain('To do: Set up delivery');
    // The demo has its registration form and vendors: those are ticked already.
    expect(await steps.getByTestId('first-step-vendor').getAttribute('data-done')).toBe('true');

    await delivery.getByRole('link', { name: 'Delivery' }).click();
    await page.waitForURL(`${product.url}/app/delivery`);
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    await admin('POST', '/api/settings/delivery/zone', {
      zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '4.95' }], countries: [{ code: 'NL' }] },
    });
    // The next visit of the home screen (a step done elsewhere, then the home screen again).
    await page.goto(`${product.url}/app`);
    await expect.poll(() => page.getByTestId('first-step-delivery').getAttribute('data-done')).toBe('true');
    expect(await page.getByTestId('first-step-delivery').textContent()).toContain('Done: Set up delivery');
    await page.context().close();

    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await vendor.goto(`${product.url}/app`);
    await vendor.getByTestId('role-text').waitFor();
    expect(await vendor.getByRole('region', { name: 'First steps' }).count()).toBe(0);
    await vendor.context().close();
  }, 180_000);
});
