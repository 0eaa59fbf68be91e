import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, newPage, signedInPage, startProduct, submitSignIn } from './support/product.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ADMIN_SCREENS = [
  '/',
  '/orders',
  '/products',
  '/products/new',
  '/vendors',
  '/vendors/applications',
  '/metafields',
  '/vendor-page',
  '/commissions',
  '/notifications',
  '/settings/page',
  '/settings/page/features',
  '/settings/page/vendors',
  '/settings/page/money',
  '/settings/page/shop',
  '/settings/page/shipping',
  '/account',
  '/delivery',
  '/discounts',
  '/discounts/new',
  '/integrations',
];

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** Runs axe-core on what the page shows; the serious and critical violations, by rule and element. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => !document.querySelector('svg.animate-spin'));
  // Evaluated through the devtools protocol: the app's Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describeInBrowser('accessibility (axe-core) on every main screen', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('the signed-out screens have no serious violation', async () => {
    const page = await newPage(browser);
    for (const screen of ['/login', '/login/change-password', '/login/register']) {
      await page.goto(`${product.url}/app${screen}`);
      await page.locator('h1').first().waitFor();
      expect({ screen, violations: await seriousViolations(page) }).toEqual({ screen, violations: [] });
    }
    await page.context().close();
  });

  it("an admin's screens have no serious violation", async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    const found: { screen: string; violations: string[] }[] = [];
    for (const screen of ADMIN_SCREENS) {
      await page.goto(`${product.url}/app${screen}`);
      await page.locator('main h1').first().waitFor();
      found.push({ screen, violations: await seriousViolations(page) });
    }
    expect(found.filter((f) => f.violations.length > 0)).toEqual([]);
    await page.context().close();
    // 21 screens, each loaded and checked whole: 13 s on a quiet machine, past a minute on a busy one.
  }, 180_000);

  it("on a phone, an admin's lists (cards), their filters drawer and the account menu have no serious violation", async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await submitSignIn(page, product.url, DEMO_ACCOUNTS.admin);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    const found: { screen: string; violations: string[] }[] = [];
    for (const screen of ['/orders', '/products', '/finance']) {
      await page.goto(`${product.url}/app${screen}`);
      await page.locator('main h1').first().waitFor();
      found.push({ screen, violations: await seriousViolations(page) });
      await page.getByRole('button', { name: 'Filters' }).click();
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      await drawer.getByRole('button', { name: 'Show results' }).waitFor();
      found.push({ screen: `${screen} filters`, violations: await seriousViolations(page) });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: /^Account/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    found.push({ screen: 'account menu', violations: await seriousViolations(page) });
    expect(found.filter((f) => f.violations.length > 0)).toEqual([]);
    await context.close();
  });
});
