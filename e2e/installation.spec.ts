import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, newPage, startProduct, submitSignIn } from './support/product.ts';

describeInBrowser('the Plan screen', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('an admin changes the plan with an add-on, confirming the price first, and sees the new limits', async () => {
    const page = await newPage(browser);
    await submitSignIn(page, product.url, DEMO_ACCOUNTS.admin);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plan' }).click();
    await page.waitForURL(`${product.url}/app/installation`);
    await page.getByRole('heading', { level: 1, name: 'Plan' }).waitFor();
    await page.waitForFunction(() => document.title === 'Demo Marketplace · Plan');

    // A new store is in its trial on the growth plan.
    await page
      .getByTestId('current-plan')
      .getByText(/Trial: the Growth plan/)
      .waitFor();
    expect(
      await page
        .getByTestId('usage-products')
        .getByText(/of 2000$/)
        .count(),
    ).toBe(1);

    // Orders are never refused: the plan says its monthly number is included, not a cap.
    expect(await page.getByText('100 orders a month included, more never refused').count()).toBe(1);
    await page.getByRole('radio', { name: 'Starter' }).check();
    await page.getByRole('checkbox', { name: /Shipping labels/ }).check();
    expect(await page.getByTestId('plan-total').textContent()).toBe('Total: $15.00 a month');
    await page.getByRole('button', { name: 'Change plan' }).click();
    // Nothing changes on one click: a dialog names the plan and its price, and Cancel keeps the plan.
    const dialog = page.getByRole('dialog', { name: 'Change to the Starter plan?' });
    await dialog.getByTestId('plan-confirmation').getByText('The new plan applies at once and costs $15.00 a month from now on.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByTestId('plan-confirmation').waitFor({ state: 'detached' });
    await page.reload();
    await page
      .getByTestId('current-plan')
      .getByText(/Trial: the Growth plan/)
      .waitFor();

    await page.getByRole('radio', { name: 'Starter' }).check();
    await page.getByRole('checkbox', { name: /Shipping labels/ }).check();
    await page.getByRole('button', { name: 'Change plan' }).click();
    await dialog.getByRole('button', { name: 'Change to Starter: $15.00 a month' }).click();
    await page.getByText('Plan changed to Starter.').waitFor();
    await page.getByTestId('current-plan').getByText('Plan: Starter, $15.00 a month.').waitFor();
    expect(await page.getByTestId('usage-vendors').getByText(/of 5$/).count()).toBe(1);
    expect(
      await page
        .getByTestId('usage-products')
        .getByText(/of 100$/)
        .count(),
    ).toBe(1);
    expect(
      await page
        .getByTestId('usage-ordersPerMonth')
        .getByText(/of 100$/)
        .count(),
    ).toBe(1);
    expect(await page.getByRole('radio', { name: 'Starter' }).isChecked()).toBe(true);

    // The choice is the server's: it is still there after a reload.
    await page.reload();
    await page.getByTestId('current-plan').getByText('Plan: Starter, $15.00 a month.').waitFor();
    expect(await page.getByRole('checkbox', { name: /Shipping labels/ }).isChecked()).toBe(true);

    // Scale includes every add-on and lifts the limits.
    await page.getByRole('radio', { name: 'Scale' }).check();
    await page.getByRole('button', { name: 'Change plan' }).click();
    const scale = page.getByRole('dialog', { name: 'Change to the Scale plan?' });
    await scale.getByTestId('plan-confirmation').getByText('The new plan applies at once and costs $199.00 a month from now on.').waitFor();
    await scale.getByRole('button', { name: 'Change to Scale: $199.00 a month' }).click();
    await page.getByTestId('current-plan').getByText('Plan: Scale, $199.00 a month.').waitFor();
    expect(await page.getByTestId('usage-products').getByText('(no limit)', { exact: false }).count()).toBe(1);
  });
});
