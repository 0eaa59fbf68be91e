import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, newPage, signedInPage, startProduct } from './support/product.ts';

/**
 * Screens ask only what their reader may know: loading one leaves no failed request and no error
 * in the browser's console (a red line there is what a support call starts with).
 */
describeInBrowser('a quiet console', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  /** Opens each path and collects every failing response and console error on the way. */
  async function noise(page: Page, paths: string[]) {
    const found: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) found.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') found.push(`console: ${m.text()}`);
    });
    for (const path of paths) {
      await page.goto(`${product.url}/app${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
    }
    return found;
  }

  it('signed out: sign-in, registration and password reset', async () => {
    const page = await newPage(browser);
    expect(await noise(page, ['/login', '/login/register?store=demo', '/login/change-password?store=demo'])).toEqual([]);
    await page.context().close();
  });

  it("an admin's Integrations and Membership screens", async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    expect(await noise(page, ['/integrations', '/membership'])).toEqual([]);
    await page.context().close();
  });

  it("a vendor's Membership screen", async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    expect(await noise(page, ['/membership'])).toEqual([]);
    await page.context().close();
  });
});
