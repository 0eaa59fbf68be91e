import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seedDemoSales } from '../src/server/demo/seed-demo-sales.ts';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

describeInBrowser('monthly statements', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    await seedDemoSales(product.ctx);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('a vendor opens its statement of last month and downloads it as CSV', async () => {
    const vendor = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor2);
    await vendor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' }).click();
    await vendor.getByRole('navigation', { name: 'Finance views' }).getByRole('link', { name: 'Statements' }).click();
    await vendor.waitForURL(`${product.url}/app/finance/statements`);
    // The demo's orders of last month: its figures in dollars, from the opening to the closing balance.
    const section = vendor.getByTestId('statement-USD');
    await section.waitFor();
    for (const line of ['Opening balance', 'Sales', 'Commission', 'Refunds', 'Fees', 'Label costs', 'Payouts', 'Closing balance']) {
      await section.getByRole('rowheader', { name: line, exact: true }).waitFor();
    }
    expect(await section.getByRole('row', { name: /^Sales / }).textContent()).toMatch(/\$\d/);

    const [download] = await Promise.all([
      vendor.waitForEvent('download'),
      vendor.getByRole('button', { name: /^Download the statement of \d{4}-\d{2} as CSV$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-vendor-two-\d{4}-\d{2}\.csv$/);
    const [header, row] = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Vendor,Month,Currency,Opening Balance,Sales,Discounts,Shipping,Tax,Commission,Refunds,Fees,Label Costs,Payouts,Closing Balance',
    );
    expect(row).toMatch(/^Vendor Two,\d{4}-\d{2},USD,/);

    // A month with nothing in it says so.
    await vendor.getByLabel('Month').fill('2001-01');
    await vendor.getByTestId('statement-empty').getByText('Nothing to state for this month').waitFor();
    await vendor.context().close();
  });
});
