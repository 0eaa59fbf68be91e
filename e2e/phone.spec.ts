import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { stores, vendors } from '../src/server/db/schema/stores.ts';
import { NAV_ITEMS } from '../src/web/features/shell/nav-items.ts';
import { wholeProduct } from '../test/support/whole-product.ts';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, startProduct, submitSignIn } from './support/product.ts';

/** The narrowest phone in common use. */
const PHONE = { width: 360, height: 740 };
const LONG_SHOP_NAME = 'The Very Long Named Handmade Ceramics Marketplace of Utrecht';

interface Layout {
  width: number;
  /** Elements past the screen's right or left edge that no fitting scroll or clip box holds. */
  outside: string[];
  /** Pairs of texts (or a text and a control) drawn over each other. */
  overlaps: string[];
}

/**
 * Measures the page as drawn, in the browser (self-contained: it is sent to the page). A text's
 * boxes are its text nodes' line boxes cut to the boxes that clip them, so a truncated name counts
 * only as far as it shows and a screen-reader-only text not at all. Texts in a fixed or sticky layer
 * (toasts, a save bar, a drawer) float over the page by design and are compared only with their own
 * layer. A list's card table (which a phone shows as cards) must not need sideways scrolling.
 */
function measureLayout(): Layout {
  const viewport = window.innerWidth;
  const name = (e: Element) => {
    const text = (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${e.tagName.toLowerCase()}.${String(e.getAttribute('class') ?? '')
      .split(' ')
      .slice(0, 3)
      .join('.')}${text ? ` "${text}"` : ''}`;
  };
  const sticksOut = (r: DOMRect) => r.width > 0 && (r.right > viewport + 1 || r.left < -1);
  const clipsOrScrolls = (e: Element) => getComputedStyle(e).overflowX !== 'visible';
  const held = (e: Element) => {
    for (let a = e.parentElement; a; a = a.parentElement) if (clipsOrScrolls(a) && !sticksOut(a.getBoundingClientRect())) return true;
    return false;
  };
  const out = [...document.querySelectorAll('body *')].filter((e) => sticksOut(e.getBoundingClientRect()) && !held(e));
  const cardTables = [...document.querySelectorAll('.card-table')].filter(
    (e) => e.getBoundingClientRect().width > (e.parentElement?.clientWidth ?? 0) + 1,
  );
  const outside = [...cardTables, ...out.filter((e) => !out.some((o) => o !== e && e.contains(o)))].map(
    (e) => `${name(e)} (${Math.round(e.getBoundingClientRect().left)}..${Math.round(e.getBoundingClientRect().right)})`,
  );

  type Box = { left: number; top: number; right: number; bottom: number };
  const cut = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  // A layer floats over the page on purpose: fixed or sticky, or lifted above it (an open menu).
  const layerOf = (e: Element) => {
    for (let a: Element | null = e; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (['fixed', 'sticky'].includes(style.position) || (style.position === 'absolute' && style.zIndex !== 'auto')) return a;
    }
    return null;
  };
  const shown = (e: Element) => {
    if (getComputedStyle(e).visibility !== 'visible') return false;
    for (let a: Element | null = e; a; a = a.parentElement) if (Number(getComputedStyle(a).opacity) === 0) return false;
    return true;
  };
  // A text is cut by its own element's box too; a control only by the boxes around it.
  const clipOf = (from: Element | null, box: Box): Box => {
    let clipped = box;
    for (let a = from; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clipped = cut(clipped, a.getBoundingClientRect());
    }
    return clipped;
  };
  const items: { owner: Element; layer: Element | null; box: Box }[] = [];
  const add = (owner: Element, box: Box, isText: boolean) => {
    const visible = clipOf(isText ? owner : owner.parentElement, box);
    if (visible.right - visible.left > 1 && visible.bottom - visible.top > 1) items.push({ owner, layer: layerOf(owner), box: visible });
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = node.parentElement;
    if (
      !owner ||
      !node.textContent?.trim() ||
      owner.closest('select, option, datalist, script, style, noscript, template') ||
      !shown(owner)
    )
      continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) add(owner, rect, true);
  }
  // A field's text stays inside its padding, where a button drawn over its end (a picker's arrow) does not reach.
  const inner = (e: Element): Box => {
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    if (e.tagName === 'BUTTON') return r;
    const side = (name: string) =>
      parseFloat(s.getPropertyValue(`padding-${name}`)) + parseFloat(s.getPropertyValue(`border-${name}-width`));
    return { left: r.left + side('left'), top: r.top + side('top'), right: r.right - side('right'), bottom: r.bottom - side('bottom') };
  };
  for (const control of document.querySelectorAll('input:not([type=hidden]), select, textarea, button'))
    if (shown(control)) add(control, inner(control), false);

  items.sort((a, b) => a.box.top - b.box.top);
  const overlaps: string[] = [];
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length && items[j].box.top < items[i].box.bottom; j++) {
      const [a, b] = [items[i], items[j]];
      if (a.layer !== b.layer || a.owner.contains(b.owner) || b.owner.contains(a.owner)) continue;
      const both = cut(a.box, b.box);
      // Glyph boxes of tightly set lines may touch by a pixel or two.
      if (both.right - both.left > 2 && both.bottom - both.top > 3) overlaps.push(`${name(a.owner)} × ${name(b.owner)}`);
    }
  }
  return { width: document.documentElement.scrollWidth, outside: outside.slice(0, 8), overlaps: [...new Set(overlaps)].slice(0, 8) };
}

/** Once what slides or fades in (a drawer, the menu) has come to rest, so it is measured where it stays. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** PHONE_SCREENSHOTS=<folder> keeps a picture of every screen checked, to look at. */
async function snapshot(page: Page, name: string) {
  if (process.env.PHONE_SCREENSHOTS) await page.screenshot({ path: `${process.env.PHONE_SCREENSHOTS}/${name}.png`, fullPage: true });
}

describeInBrowser('every screen on a 360 px phone', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let orderId = '';
  let productId = '';
  let discountId = '';
  let conversationId = '';
  let vendorOneId = '';

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    // Every switchable area on, and a name long enough to crowd the top bar.
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    await admin('PATCH', '/api/app/info/features', {
      features: { features: { messages: { enabled: true }, makeAnOffer: { enabled: true }, dashboard: { enabled: true } } },
    });
    await product.db.update(stores).set({ shopName: LONG_SHOP_NAME }).where(eq(stores.id, 'demo'));
    [{ id: vendorOneId }] = await product.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.name, 'Vendor One'));
    ({ productId } = await admin('PUT', '/api/products-v2', {
      product: wholeProduct({
        title: 'Hand-thrown stoneware serving bowl, large',
        vendor: 'Vendor One',
        status: 'ACTIVE',
        variants: [{ price: '48.00', stock: 5, trackStock: true, sku: 'PHONE-BOWL' }],
      }),
    }));
    await admin('POST', '/api/settings/delivery/zone', {
      zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '4.95' }], countries: [{ code: 'NL' }] },
    });
    const variantId = (await admin('GET', `/api/products-v2/${productId}`)).product.variants[0].id as string;
    const post = async (path: string, body: object) => {
      const response = await fetch(`${product.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.ok, `${path}: ${await response.clone().text()}`).toBe(true);
      return response.json();
    };
    // Something in every list: an order, a conversation, an offer, a discount.
    await post('/api/storefront/checkout', {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'samantha.longname@buyer.example',
      address: { name: 'Samantha Buyer-Longname', street1: '1 Dam', city: 'Amsterdam', zip: '1012 JS', country: 'NL' },
      lines: [{ variantId, quantity: 1 }],
    });
    orderId = ((await admin('GET', '/api/orders')).orders as { id: string }[])[0].id;
    // Paid, so the finance screen has entries.
    await admin('POST', `/api/orders/${orderId}/mark-paid`);
    ({ conversationId } = await post('/api/conversations/chat-with-seller', {
      store: 'demo',
      productId,
      email: 'ann@buyer.example',
      name: 'Ann Buyer',
      text: 'Is this bowl dishwasher safe? And does it come in blue as well?',
    }));
    await post('/api/public/make-an-offer?store=demo', { email: 'vera@buyer.example', amount: '35.00', quantity: 1, variantId });
    ({
      discount: { id: discountId },
    } = await admin('POST', '/api/discounts', {
      method: 'code',
      code: 'SPRING-PHONE',
      name: 'Spring sale for every phone buyer',
      active: { from: '2020-01-01' },
      value: { type: 'percentage', percentage: 10 },
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  async function phonePage(email: string): Promise<Page> {
    const context = await browser.newContext({ locale: 'en-US', viewport: PHONE });
    const page = await context.newPage();
    await submitSignIn(page, product.url, email);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    return page;
  }

  /** The addresses the phone menu offers this user. */
  async function menuRoutes(page: Page): Promise<string[]> {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('dialog').getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link').first().waitFor();
    const hrefs = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.replace(/^\/app/, '') || '/'));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    return hrefs;
  }

  /** What does not fit on the screen at this address: wider than the phone, elements past its edge, texts over each other, a top bar on two lines, a text with a raw placeholder. */
  async function misfits(page: Page, path: string, who: string) {
    await page.goto(`${product.url}/app${path}`);
    await page.locator('main h1').first().waitFor();
    // A screen with live updates never goes quiet; the others settle in well under this.
    await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
    await page.waitForFunction(() => !document.querySelector('svg.animate-spin'));
    const { width, outside, overlaps } = await page.evaluate(measureLayout);
    const topBar = (await page.locator('header').first().boundingBox())?.height ?? 0;
    await snapshot(page, `${who}${path.replace(/[^a-z0-9]+/gi, '-')}`);
    // Every placeholder of a text is filled: no raw {{vendors}} on any screen (a template's variables, `{{ name }}`, are meant).
    const placeholders = await page.evaluate(() => document.body.innerText.match(/.{0,40}\{\{\w+\}\}.{0,40}/g));
    const found = {
      ...(placeholders && { placeholders }),
      ...(width > PHONE.width && { width }),
      ...(outside.length && { outside }),
      ...(overlaps.length && { overlaps }),
      ...(topBar > 64 && { topBar }),
    };
    return Object.keys(found).length ? [{ path, ...found }] : [];
  }

  async function expectEveryFits(page: Page, paths: string[], who: string) {
    const found = [];
    for (const path of paths) found.push(...(await misfits(page, path, who)));
    expect(found).toEqual([]);
  }

  const subRoutes = () => [
    `/conversations?conversationId=${conversationId}`,
    `/orders/${orderId}`,
    '/products?status=ACTIVE',
    '/products/new',
    `/products/${productId}`,
    '/products/import',
    '/discounts/new',
    // Every settings page (a vendor is sent to its own first one) and the account page.
    '/settings/page/features',
    '/settings/page/vendors',
    '/settings/page/money',
    '/settings/page/shop',
    '/settings/page/shipping',
    '/account',
  ];

  it('for an admin: every entry of the menu and the screens below them fit, with no text over another', async () => {
    const page = await phonePage(DEMO_ACCOUNTS.admin);
    const routes = await menuRoutes(page);
    // With every area switched on, the admin's menu is the whole navigation.
    expect(routes).toEqual(NAV_ITEMS.map((item) => item.to));
    await page.goto(`${product.url}/app/notifications`);
    const template = await page.locator('main a[href*="/notifications/templates/"]').first().getAttribute('href');
    const extra = [
      ...subRoutes(),
      '/notifications/settings',
      '/notifications/outbox',
      template!.replace(/^\/app/, ''),
      `/discounts/${discountId}`,
      `/vendors/${vendorOneId}`,
      '/vendor-page?vendor=Vendor%20One',
    ];
    await expectEveryFits(page, [...routes, ...extra], 'admin');
    await page.context().close();
  }, 300_000);

  it('for a vendor: every entry of the menu and the screens below them fit, with no text over another', async () => {
    const page = await phonePage(DEMO_ACCOUNTS.vendor1);
    const routes = await menuRoutes(page);
    expect(routes).toContain('/finance');
    await expectEveryFits(page, [...routes, ...subRoutes()], 'vendor');
    await page.context().close();
  }, 300_000);

  it('what opens over a screen fits too: the menu, a delivery zone being edited', async () => {
    const page = await phonePage(DEMO_ACCOUNTS.admin);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('navigation', { name: 'Main' }).waitFor();
    await settled(page);
    const menu = await page.evaluate(measureLayout);
    expect({ outside: menu.outside, overlaps: menu.overlaps }).toEqual({ outside: [], overlaps: [] });
    await page.keyboard.press('Escape');

    await page.goto(`${product.url}/app/delivery`);
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await page.getByRole('button', { name: 'Add a rate' }).waitFor();
    const editor = await page.evaluate(measureLayout);
    expect({ width: editor.width, outside: editor.outside, overlaps: editor.overlaps }).toEqual({
      width: PHONE.width,
      outside: [],
      overlaps: [],
    });
    await snapshot(page, 'admin-delivery-zone-editor');
    await page.context().close();
  });

  it('lists are cards on a phone, their filters behind a Filters button that counts them', async () => {
    const page = await phonePage(DEMO_ACCOUNTS.admin);
    await page.goto(`${product.url}/app/orders`);
    const row = page.getByTestId('order-row').first();
    await row.waitFor();
    // A card: no sideways scrolling to reach its fields.
    const box = page.locator('main .scroll-box').first();
    expect(await box.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await row.getByRole('link', { name: /#1001/ }).isVisible()).toBe(true);

    // The filters but the search wait in a drawer, opened and closed with the keyboard.
    expect(await page.getByLabel('Payout', { exact: true }).count()).toBe(0);
    const open = page.getByRole('button', { name: 'Filters', exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByLabel('Payout', { exact: true }).waitFor();
    expect(await drawer.evaluate((e) => e.contains(document.activeElement))).toBe(true);
    await settled(page);
    expect((await page.evaluate(measureLayout)).overlaps).toEqual([]);
    await snapshot(page, 'admin-orders-filters');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await open.evaluate((e) => e === document.activeElement)).toBe(true);

    await open.click();
    await drawer.getByLabel('Payout', { exact: true }).selectOption({ index: 1 });
    await drawer.getByRole('button', { name: 'Show results' }).click();
    await drawer.waitFor({ state: 'detached' });
    const counted = page.getByRole('button', { name: 'Filters, 1 active' });
    await counted.waitFor();
    expect(await counted.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(new URL(page.url()).searchParams.get('payout')).not.toBeNull();
    await page.context().close();
  });

  it('the top bar keeps to one line: the account folds behind a button that shows it and Sign out', async () => {
    const page = await phonePage(DEMO_ACCOUNTS.admin);
    const account = page.getByRole('button', { name: 'Account: Demo Admin' });
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
    await account.click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.getByTestId('user-name').textContent()).toBe('Demo Admin');
    expect((await page.evaluate(measureLayout)).overlaps).toEqual([]);
    await snapshot(page, 'admin-account-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'hidden' });
    await page.context().close();
  });

  /** Saves with this button and checks the toast that answers is not drawn over it. */
  async function expectToastBeside(page: Page, save: ReturnType<Page['getByRole']>) {
    // Where the button was: a save bar leaves once nothing is unsaved, its Save with it.
    const b = await save.boundingBox();
    await save.click();
    const toast = page.getByTestId('toast').last();
    await toast.waitFor();
    const a = await toast.boundingBox();
    const apart = a!.y + a!.height <= b!.y || b!.y + b!.height <= a!.y || a!.x + a!.width <= b!.x || b!.x + b!.width <= a!.x;
    expect(apart, `toast ${JSON.stringify(a)} over Save ${JSON.stringify(b)}`).toBe(true);
  }

  it("a toast does not cover the Save button it answers (the product editor's save bar, a settings section)", async () => {
    const page = await phonePage(DEMO_ACCOUNTS.admin);
    await page.goto(`${product.url}/app/products/${productId}`);
    await page.getByLabel('Title', { exact: true }).fill('Hand-thrown stoneware serving bowl, extra large');
    await expectToastBeside(page, page.getByRole('button', { name: 'Save', exact: true }).last());

    await page.goto(`${product.url}/app/settings/page`);
    const support = page.getByRole('region', { name: 'Support', exact: true });
    await support.getByLabel('Support name', { exact: true }).fill('Help desk');
    await expectToastBeside(page, page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }));
    await page.context().close();
  });
});
