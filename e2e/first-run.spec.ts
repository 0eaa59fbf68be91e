import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seedDemoSales } from '../src/server/demo/seed-demo-sales.ts';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, signedInPage, startProduct } from './support/product.ts';

/**
 * The first run of `npm start`: an empty embedded database gets the demo and its sales (what
 * main.ts does on a fresh one), so the admin's first look finds an application waiting, though
 * no mail could have confirmed one.
 */
describeInBrowser('the first run', () => {
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

  it('the admin finds the seeded application waiting on the home screen and under Applications, with its answers', async () => {
    const admin = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await admin.getByTestId('waiting-item').filter({ hasText: 'application to decide' }).getByText('1', { exact: true }).waitFor();
    await admin.goto(`${product.url}/app/vendors/applications`);
    const card = admin.getByTestId('application-card').filter({ has: admin.getByRole('heading', { name: 'Atelier Nord', exact: true }) });
    await card.waitFor();
    expect(await card.getByText('hello@atelier-nord.test').isVisible()).toBe(true);
    const answerOf = (field: string) => card.locator('dt', { hasText: field }).locator('xpath=following-sibling::dd[1]');
    expect(await answerOf('Company name').textContent()).toBe('Atelier Nord BV');
    await card.getByRole('button', { name: 'Approve Atelier Nord' }).waitFor();
    await admin.context().close();
  });
});
