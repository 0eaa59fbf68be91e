import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, newPage, startProduct, submitSignIn } from './support/product.ts';

describeInBrowser('the commissions screen', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  async function openCommissions(): Promise<Page> {
    const page = await newPage(browser);
    await submitSignIn(page, product.url, DEMO_ACCOUNTS.admin);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Commissions' }).click();
    await page.waitForURL(`${product.url}/app/commissions`);
    await page.getByRole('heading', { level: 1, name: 'Commissions' }).waitFor();
    await page.getByLabel('From, line 1').waitFor();
    return page;
  }

  /** The message under a cell: the error its aria-describedby points at. */
  async function errorUnder(field: Locator): Promise<string | null> {
    const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const errorId = ids.find((id) => id.endsWith('-error'));
    return errorId ? field.page().locator(`[id="${errorId}"]`).textContent() : null;
  }

  it('refuses a gap under the right cell, saves the fixed lines, keeps them and previews the split', async () => {
    const page = await openCommissions();
    await page.waitForFunction(() => document.title === 'Demo Marketplace · Commissions');
    while ((await page.getByRole('button', { name: 'Remove line 2' }).count()) > 0)
      await page.getByRole('button', { name: 'Remove line 2' }).click();

    await page.getByLabel('From, line 1').fill('0');
    await page.getByLabel('Up to, line 1').fill('100');
    await page.getByLabel('Flat fee, line 1').fill('1');
    await page.getByLabel('Percentage, line 1').fill('10');
    await page.getByRole('button', { name: 'Add a line' }).click();
    // a new line starts where the last one ends
    expect(await page.getByLabel('From, line 2').inputValue()).toBe('100');
    await page.getByLabel('From, line 2').fill('150');
    await page.getByLabel('Flat fee, line 2').fill('0');
    await page.getByLabel('Percentage, line 2').fill('5');
    await page.getByRole('button', { name: 'Save' }).click();

    const gap = 'There should not be a gap between $100 and $150';
    await page.getByRole('alert').getByText(gap).waitFor();
    expect(await errorUnder(page.getByLabel('From, line 2'))).toBe(gap);
    expect(await page.getByRole('status').getByText('Saved').count()).toBe(0);

    await page.getByLabel('From, line 2').fill('100');
    await page.getByLabel('From, line 2').press('Enter');
    await page.getByRole('status').getByText('Saved').waitFor();
    expect(await page.getByText(gap).count()).toBe(0);

    await page.reload();
    await page.getByLabel('From, line 2').waitFor();
    // amounts come back as the API's amount text, with the store currency's decimals
    expect(await page.getByLabel('From, line 1').inputValue()).toBe('0.00');
    expect(await page.getByLabel('Up to, line 1').inputValue()).toBe('100.00');
    expect(await page.getByLabel('Flat fee, line 1').inputValue()).toBe('1.00');
    expect(await page.getByLabel('Percentage, line 1').inputValue()).toBe('10');
    expect(await page.getByLabel('From, line 2').inputValue()).toBe('100.00');
    expect(await page.getByLabel('Up to, line 2').inputValue()).toBe('');
    expect(await page.getByLabel('Percentage, line 2').inputValue()).toBe('5');
    expect(await page.getByRole('button', { name: 'Remove line 3' }).count()).toBe(0);

    // $250 falls in the open line: 5 % = $12.50, the vendor keeps $237.50
    await page.getByLabel('Sale amount (USD)').fill('250');
    await expect.poll(() => page.getByTestId('preview-commission').textContent()).toBe('$12.50');
    expect(await page.getByTestId('preview-vendor-share').textContent()).toBe('$237.50');
    // $50 in the first: $1 + 10 % = $6.00
    await page.getByLabel('Sale amount (USD)').fill('50');
    await expect.poll(() => page.getByTestId('preview-commission').textContent()).toBe('$6.00');

    // the browser's figure is the server's for the saved lines
    const server = await page.evaluate(async () => {
      const response = await fetch('/api/commissions/preview?amount=250', { headers: { 'X-Iframe': 'false' } });
      return response.ok ? ((await response.json()) as { commission: string; vendorShare: string }) : null;
    });
    expect(server).toMatchObject({ currency: 'USD', commission: '12.50', vendorShare: '237.50' });
    await page.context().close();
  });
});
