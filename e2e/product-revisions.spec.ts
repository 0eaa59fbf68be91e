import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { products } from '../src/server/db/schema/index.ts';
import { wholeProduct } from '../test/support/whole-product.ts';
import { apiAs, DEMO_ACCOUNTS, describeInBrowser, launchBrowser, startProduct, signedInPage } from './support/product.ts';

describeInBrowser("a vendor's edit of a live product waits for the admin's review", () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('the vendor sees live and waiting changes side by side; the admin approves them from the approval tab', async () => {
    const asVendor = await apiAs(product.url, DEMO_ACCOUNTS.vendor1);
    const title = 'Stoneware bowl';
    const { productId } = await asVendor('PUT', '/api/products-v2', {
      product: wholeProduct({ title, status: 'ACTIVE', variants: [{ price: '12.00', stock: 4, sku: 'BOWL' }] }),
    });
    // An admin approved it: it is on sale.
    await product.db.update(products).set({ approved: true, approvedAt: new Date() }).where(eq(products.id, productId));
    const live = { id: productId as string, title };
    const proposed = `${live.title} deluxe`;

    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await vendor.goto(`${product.url}/app/products/${live.id}`);
    await vendor.getByLabel('Title', { exact: true }).fill(proposed);
    await vendor.getByRole('button', { name: 'Save', exact: true }).click();
    const panel = vendor.getByRole('region', { name: 'Changes waiting for review' }).or(vendor.getByTestId('revision-changes'));
    await panel.first().waitFor();
    await expect.poll(() => vendor.getByTestId('revision-changes').locator('ins').first().textContent()).toBe(' deluxe');
    expect(await vendor.getByTestId('revision-changes').locator('p', { hasText: 'Live' }).count()).toBeGreaterThan(0);
    // Buyers still see the approved title.
    expect((await product.db.select({ title: products.title }).from(products).where(eq(products.id, live.id)))[0].title).toBe(live.title);
    await expect.poll(() => vendor.getByLabel('Title', { exact: true }).inputValue()).toBe(proposed);

    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await admin.goto(`${product.url}/app/products?status=ALL&approval=waiting`);
    await admin.getByRole('heading', { name: '1 edit of a live product waits for review' }).waitFor();
    await admin.getByRole('link', { name: `Review changes of ${live.title}` }).click();
    await admin.getByRole('button', { name: 'Approve changes' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(async () => (await product.db.select({ title: products.title }).from(products).where(eq(products.id, live.id)))[0].title)
      .toBe(proposed);
    await admin.getByTestId('revision-changes').waitFor({ state: 'detached' });
    // The editor takes the approved product when its reload answers, which may come after the panel left.
    await expect.poll(() => admin.getByLabel('Title', { exact: true }).inputValue()).toBe(proposed);
  });
});
