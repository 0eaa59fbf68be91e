import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

describeInBrowser("a vendor's marketplace settings, on its page", () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it("an admin opens a vendor's page from its card, switches on automatic approval and marketplace management, and they are stored", async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await page.goto(`${product.url}/app/vendors`);
    await page.getByRole('listitem', { name: 'Vendor Two' }).getByRole('link', { name: /page/i }).click();
    await page.waitForURL(/\/app\/vendor-page\?vendor=Vendor\+Two/);
    const panel = page.getByRole('region', { name: 'Managed by the marketplace: Vendor Two' });
    await panel.getByRole('checkbox', { name: /Approve products automatically/ }).check();
    await panel.getByRole('checkbox', { name: /^Managed by the marketplace/ }).check();
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();

    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    const { vendorSettings } = await admin('GET', '/api/settings?forVendor=Vendor%20Two');
    expect({ autoApprove: vendorSettings.autoApprove, isManagedByMarketplace: vendorSettings.isManagedByMarketplace }).toEqual({
      autoApprove: true,
      isManagedByMarketplace: true,
    });

    await page.reload();
    expect(
      await page
        .getByRole('region', { name: 'Managed by the marketplace: Vendor Two' })
        .getByRole('checkbox', { name: /^Managed by the marketplace/ })
        .isChecked(),
    ).toBe(true);
    await page.getByRole('link', { name: 'Commission lines of Vendor Two' }).waitFor();
    await page.context().close();
  });
});
