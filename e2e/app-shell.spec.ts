import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { stores } from '../src/server/db/schema/index.ts';
import { describeInBrowser, launchBrowser, newPage, startProduct } from './support/product.ts';

/** A main colour unlike the default indigo, so the theme colour is seen to come from the store. */
const STORE_COLOR = '#0f766e';

describeInBrowser('the app shell', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct();
    const [demo] = await product.db.select().from(stores).where(eq(stores.id, 'demo'));
    await product.db
      .update(stores)
      .set({ settings: { ...demo.settings, colors: { indigo600: STORE_COLOR } } })
      .where(eq(stores.id, 'demo'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('serves the app under /app and brands the sign-in page: title, theme colour, logo text, indigo page', async () => {
    const page = await newPage(browser);
    await page.goto(`${product.url}/app`);
    await page.waitForURL(`${product.url}/app/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.waitForFunction(() => document.title === 'Demo Marketplace · Sign In');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(STORE_COLOR);
    // No logo image is set: the shop name stands in for it.
    expect(await page.getByText('Demo Marketplace', { exact: true }).isVisible()).toBe(true);
    // Standalone: the page background is the store's main colour, and no iframe marker.
    const body = await page.evaluate(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      iframe: document.body.dataset.iframe,
    }));
    expect(body.background).toBe('rgb(15, 118, 110)');
    expect(body.iframe).toBeUndefined();
    await page.context().close();
  });

  it('has an icon: /favicon.ico leads to the app icon', async () => {
    const response = await fetch(`${product.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${product.url}/app/favicon.svg`);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('marks the body and keeps the background transparent inside a frame', async () => {
    const page = await newPage(browser);
    await page.goto(`${product.url}/api/docs/openapi.json`);
    await page.setContent(`<iframe src="${product.url}/app/login" width="800" height="600"></iframe>`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Sign In' }).waitFor();
    const body = await frame.locator('body').evaluate((b) => ({
      iframe: b.dataset.iframe,
      marked: b.classList.contains('iframe'),
      background: getComputedStyle(b).backgroundColor,
    }));
    expect(body).toEqual({ iframe: 'true', marked: true, background: 'rgba(0, 0, 0, 0)' });
    await page.context().close();
  });
});
