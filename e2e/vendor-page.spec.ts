import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, describeInBrowser, launchBrowser, startProduct, signedInPage } from './support/product.ts';

describeInBrowser('the vendor page screen', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  /** The admin's calls, as the API tests make them: signed in with the session cookie. */
  async function asAdmin() {
    const login = await product.app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: { 'x-iframe': 'false' },
      payload: { store: 'demo', email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const session = (login.cookies as { name: string; value: string }[]).find((c) => c.name === 'mp_session')!.value;
    const headers = { 'x-iframe': 'false', cookie: `mp_session=${session}` };
    return (method: 'POST' | 'PATCH', url: string, payload: object) => product.app.inject({ method, url, headers, payload });
  }

  const signIn = (email: string) => signedInPage(browser, product.url, email);

  /** The message under a field: the error its aria-describedby points at. */
  async function errorUnder(field: Locator): Promise<string | null> {
    const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const errorId = ids.find((id) => id.endsWith('-error'));
    return errorId ? field.page().locator(`[id="${errorId}"]`).textContent() : null;
  }

  const status = (page: Page) => page.getByTestId('vendor-page-status');

  it('a vendor fills in the required story and sends the page for review; the admin publishes it', async () => {
    const vendor = await signIn(DEMO_ACCOUNTS.vendor1);
    const nav = vendor.getByRole('navigation', { name: 'Main' });
    // Pages are off until the marketplace turns them on: no entry in the vendor's menu (once the
    // store's switches are read, which the Discounts entry waits for too), and no screen at the address.
    await nav.getByRole('link', { name: 'Discounts' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Vendor page' }).count()).toBe(0);
    await vendor.goto(`${product.url}/app/vendor-page`);
    await vendor.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();

    const admin = await asAdmin();
    const defined = await admin('POST', '/api/metafields', {
      owner: 'collections',
      key: 'story',
      name: 'Our story',
      type: 'textarea',
      showOnVendorPage: true,
      required: true,
    });
    expect(defined.statusCode).toBe(200);
    expect((await admin('PATCH', '/api/app/info/features', { features: { vendorPage: { enabled: true } } })).statusCode).toBe(200);

    await vendor.reload();
    await nav.getByRole('link', { name: 'Vendor page' }).click();
    await vendor.getByRole('heading', { level: 1, name: 'Vendor page' }).waitFor();
    await vendor.waitForFunction(() => document.title === 'Demo Marketplace · Vendor page');
    const story = vendor.getByLabel('Our story *');
    await story.waitFor();
    expect(await status(vendor).textContent()).toBe('Draft');
    expect(await vendor.getByTestId('vendor-page-saved-at').textContent()).toBe('Never saved');
    // No section names it: it is under the one group of the page.
    expect(await vendor.getByRole('region', { name: 'Details' }).getByLabel('Our story *').count()).toBe(1);

    await vendor.getByRole('textbox', { name: 'Description' }).fill('Hand-made in our garage.');
    await vendor.getByRole('button', { name: 'Save' }).click();
    await vendor.getByRole('alert').getByText('Some metafields are required').waitFor();
    expect(await errorUnder(story)).toBe('Required');
    // the first field with an error takes the focus, so the keyboard is where the fix is
    expect(await story.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await status(vendor).textContent()).toBe('Draft');

    await story.fill('It started in 1999, in a garage.');
    expect(await errorUnder(story)).toBeNull();
    await story.press('Tab');
    await vendor.getByRole('button', { name: 'Save' }).press('Enter');
    await vendor.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    await expect.poll(() => status(vendor).textContent()).toBe('Pending review');
    expect(await vendor.getByTestId('vendor-page-saved-at').textContent()).toMatch(/^Last saved /);
    expect(await vendor.getByRole('alert').getByText('Some metafields are required').count()).toBe(0);

    // The admin over the whole marketplace has no page of their own: they review pages by vendor name.
    const adminPage = await signIn(DEMO_ACCOUNTS.admin);
    await adminPage.goto(`${product.url}/app/vendor-page`);
    await adminPage.getByTestId('vendor-page-switch').waitFor();
    expect(await adminPage.getByRole('button', { name: 'Save' }).count()).toBe(0);
    const vendorName = adminPage.getByLabel('Vendor name');
    await vendorName.fill('Ghost');
    await adminPage.getByRole('button', { name: 'Approve page', exact: true }).click();
    await adminPage.getByRole('alert').getByText('Unknown vendor').waitFor();
    expect(await errorUnder(vendorName)).toBe('Unknown vendor');
    await vendorName.fill('Vendor One');
    await adminPage.getByRole('button', { name: 'Approve page', exact: true }).click();
    await adminPage.getByRole('status').getByText('The page of Vendor One is published.').waitFor();

    await vendor.reload();
    await expect.poll(() => status(vendor).textContent()).toBe('Published');
    expect(await vendor.getByLabel('Our story *').inputValue()).toBe('It started in 1999, in a garage.');
    expect(await vendor.getByRole('textbox', { name: 'Description' }).textContent()).toBe('Hand-made in our garage.');
    await vendor.context().close();
    await adminPage.context().close();
  });

  it("groups the fields by the store's sections, shows a field when its condition is met, uploads the page image; the admin reaches the review from the vendors list", async () => {
    const admin = await asAdmin();
    await admin('POST', '/api/metafields', {
      owner: 'collections',
      key: 'kind',
      name: 'Kind of business',
      type: 'select',
      options: ['person', 'company'],
      showOnVendorPage: true,
    });
    await admin('POST', '/api/metafields', {
      owner: 'collections',
      key: 'vat',
      name: 'VAT number',
      type: 'input',
      description: 'As on your invoices {show:kind|showWhen:company|required:true}',
      showOnVendorPage: true,
    });
    await admin('POST', '/api/metafields', { owner: 'collections', key: 'since', name: 'Since', type: 'date', showOnVendorPage: true });
    const sections = [
      { name: 'Our business', keys: ['kind', 'vat'] },
      { name: 'Story', keys: ['story'] },
    ];
    expect((await admin('PATCH', '/api/app/info/features', { features: { vendorPage: { enabled: true, sections } } })).statusCode).toBe(
      200,
    );

    const vendor = await signIn(DEMO_ACCOUNTS.vendor2);
    await vendor.goto(`${product.url}/app/vendor-page`);
    const business = vendor.getByRole('region', { name: 'Our business' });
    await business.getByLabel('Kind of business').waitFor();
    expect(await vendor.getByRole('region', { name: 'Story' }).getByLabel('Our story *').count()).toBe(1);
    expect(await vendor.getByRole('region', { name: 'Other' }).getByLabel('Since').count()).toBe(1);
    // Shown only for a company, and then required.
    expect(await vendor.getByLabel('VAT number').count()).toBe(0);
    await business.getByLabel('Kind of business').selectOption('company');
    const vat = business.getByLabel('VAT number *');
    await vat.waitFor();

    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const image = vendor.getByRole('group', { name: 'Page image' });
    await image.getByLabel('Page image').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: png });
    const preview = image.locator('img');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/\/api\/cdn\/files\/demo\/vendor-page\/[\w-]+\.png$/);

    await vendor.getByLabel('Our story *').fill('Family business.');
    await vendor.getByRole('button', { name: 'Save' }).click();
    await vendor.getByRole('alert').getByText('Some metafields are required').waitFor();
    expect(await errorUnder(vat)).toBe('Required');
    await vat.fill('NL123456789B01');
    await vendor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(vendor).textContent()).toBe('Pending review');

    await vendor.reload();
    await vendor.getByRole('group', { name: 'Page image' }).locator('img').waitFor();
    expect(await vendor.getByLabel('VAT number *').inputValue()).toBe('NL123456789B01');
    await vendor.getByRole('button', { name: 'Remove image' }).click();
    await vendor.getByRole('group', { name: 'Page image' }).getByLabel('Page image').waitFor();
    await vendor.getByRole('button', { name: 'Save' }).click();
    await vendor.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    await vendor.reload();
    await vendor.getByLabel('VAT number *').waitFor();
    expect(await vendor.getByRole('group', { name: 'Page image' }).locator('img').count()).toBe(0);

    // The admin: from the vendor's card in the vendors list to the review, filled in; Enter approves.
    const adminPage = await signIn(DEMO_ACCOUNTS.admin);
    await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vendors' }).click();
    await adminPage.getByRole('link', { name: 'Review the page of Vendor Two' }).click();
    await adminPage.waitForURL(`${product.url}/app/vendor-page?vendor=Vendor+Two`);
    expect(await adminPage.getByLabel('Vendor name').inputValue()).toBe('Vendor Two');
    await adminPage.getByLabel('Vendor name').press('Enter');
    await adminPage.getByRole('status').getByText('The page of Vendor Two is published.').waitFor();
    await vendor.reload();
    await expect.poll(() => status(vendor).textContent()).toBe('Published');
    await adminPage.getByRole('button', { name: 'Unapprove page' }).click();
    await adminPage.getByRole('status').getByText('The page of Vendor Two is back to draft.').waitFor();
    await vendor.reload();
    await expect.poll(() => status(vendor).textContent()).toBe('Draft');
    await vendor.context().close();
    await adminPage.context().close();
  });
});
