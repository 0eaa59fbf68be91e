import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, newPage, startProduct, submitSignIn } from './support/product.ts';

describeInBrowser('the settings screen', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  async function openSettings(email: string): Promise<Page> {
    const page = await newPage(browser);
    await submitSignIn(page, product.url, email);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/app\/settings\/page\/(general|shop)$/);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    return page;
  }

  const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const saveBar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });
  const openPage = (page: Page, name: string | RegExp) =>
    page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name, exact: true }).click();

  /** The page's one Save, in the bar that shows while it has unsaved edits. */
  async function save(page: Page) {
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('All changes saved').waitFor();
  }

  /** The message under a field: the error its aria-describedby points at. */
  async function errorUnder(field: Locator): Promise<string | null> {
    const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const errorId = ids.find((id) => id.endsWith('-error'));
    return errorId ? field.page().locator(`[id="${errorId}"]`).textContent() : null;
  }

  it('sets the holding days, the minimum payout and the manual checkout methods on the Payments section', async () => {
    const page = await openSettings(DEMO_ACCOUNTS.admin);
    await openPage(page, 'Payments and orders');
    await page.waitForURL(`${product.url}/app/settings/page/money`);
    const payments = section(page, 'Payments');
    await payments.getByLabel('Holding days').fill('7');
    await payments.getByLabel('Minimum payout').fill('25');
    await payments.getByLabel('Cash on delivery at checkout').uncheck();
    await save(page);
    // The address of before the pages opens the page of its section.
    await page.goto(`${product.url}/app/settings/page#payments`);
    await page.waitForURL(`${product.url}/app/settings/page/money#payments`);
    expect(await section(page, 'Payments').getByLabel('Holding days').inputValue()).toBe('7');
    expect(await section(page, 'Payments').getByLabel('Minimum payout').inputValue()).toBe('25');
    expect(await section(page, 'Payments').getByLabel('Cash on delivery at checkout').isChecked()).toBe(false);
    expect(await section(page, 'Payments').getByLabel('Bank transfer at checkout').isChecked()).toBe(true);
    await page.context().close();
  });

  it("changes the vendor wording, and the whole app uses the admin's words", async () => {
    const page = await openSettings(DEMO_ACCOUNTS.admin);
    await page.waitForFunction(() => document.title === 'Demo Marketplace · Settings');
    const general = section(page, 'General');
    await general.getByLabel('Vendor (one)').fill('Seller');
    await general.getByLabel('Vendors (several)').fill('Sellers');
    await save(page);
    // "Saved" is about what is on screen: the next edit takes it away
    await general.getByLabel('Product (one)').fill('item');
    expect(await page.getByRole('status').getByText('All changes saved').count()).toBe(0);
    await general.getByLabel('Product (one)').fill('product');
    // Back to what is stored: nothing is left to save
    await saveBar(page).waitFor({ state: 'detached' });

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Sellers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sellers' }).waitFor();
    await page.waitForFunction(() => document.title === 'Demo Marketplace · Sellers');
    expect(await nav.getByRole('link', { name: 'Vendors' }).count()).toBe(0);

    // stored: a fresh visit reads the same words
    await page.goto(`${product.url}/app/settings/page/general`);
    expect(await section(page, 'General').getByLabel('Vendor (one)').inputValue()).toBe('Seller');
    await page.context().close();
  });

  it("refuses a bad colour with the spec's message under the field, and maps the server's errors onto the fields", async () => {
    const page = await openSettings(DEMO_ACCOUNTS.admin);
    const appearance = section(page, 'Appearance');
    const mainColour = appearance.getByLabel('Main colour', { exact: true });
    expect(await mainColour.inputValue()).toBe('#4f46e5');
    await mainColour.fill('blue');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await appearance.getByRole('alert').getByText('Must match a color like #4f46e5').waitFor();
    expect(await errorUnder(mainColour)).toBe('Must match a color like #4f46e5');
    expect(await appearance.getByRole('alert').getByText('Not saved: check the fields marked above.').isVisible()).toBe(true);
    expect(await saveBar(page).getByRole('alert').textContent()).toBe('Not saved: see the messages in the sections above.');
    await mainColour.fill('#0f766e');
    await save(page);
    // the shell takes the new main colour at once
    await expect
      .poll(() => page.getByRole('banner').evaluate((header) => getComputedStyle(header).backgroundColor))
      .toBe('rgb(15, 118, 110)');

    // An uploaded logo goes through the logo-text proxy, is chosen, and shows in the shell once saved.
    const appLogo = appearance.getByRole('group', { name: 'Logo in the app' });
    const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await appLogo.getByLabel('Logo image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    const preview = appLogo.getByRole('img');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/\/api\/cdn\/files\/demo\/logo-text\/[\w-]+\.png$/);
    expect(await appLogo.getByRole('radio', { name: 'Image' }).isChecked()).toBe(true);
    await save(page);
    await expect.poll(() => page.getByRole('banner').getByRole('img').getAttribute('src')).toBe(await preview.getAttribute('src'));

    // Two questions with one key: only the server knows, and says so under the list.
    // The page is named in the store's words, which the wording test before this one changed.
    await openPage(page, /^Registration and /);
    const registration = section(page, 'Registration form');
    await registration.getByRole('button', { name: 'Add question' }).click();
    const added = registration.getByRole('group', { name: /^Question 11:/ });
    await added.getByLabel('Question', { exact: true }).fill('Company again');
    await added.getByLabel('Key', { exact: true }).fill('company');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await registration.getByRole('alert').getByText('Each field needs its own key').waitFor();
    await added.getByLabel('Key', { exact: true }).fill('company2');
    await save(page);

    // Holiday mode: the end must come after the start.
    await openPage(page, 'Marketplace shop');
    const holidays = section(page, 'Holiday mode');
    await holidays.getByRole('switch', { name: 'Holiday mode' }).click();
    await holidays.getByLabel('From').fill('2026-12-20');
    await holidays.getByLabel('Until').fill('2026-12-01');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    expect(await errorUnder(holidays.getByLabel('Until'))).toBe('Should be before the start date');
    await holidays.getByLabel('Until').fill('2027-01-05');
    await save(page);
    expect(await holidays.getByLabel('Message to buyers').inputValue()).toBe('-');

    // Masking contact details in messages has its switch, on by default, and keeps what is saved.
    await openPage(page, 'Features and storefront');
    const chats = section(page, 'Conversations');
    const mask = chats.getByRole('switch', { name: 'Hide contact details' });
    expect(await mask.getAttribute('aria-checked')).toBe('true');
    await mask.click();
    await save(page);
    await page.reload();
    expect(await section(page, 'Conversations').getByRole('switch', { name: 'Hide contact details' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await page.context().close();
  }, 120_000);

  it('shows a vendor only its own shop: holiday mode, currency and ship-from address', async () => {
    const page = await openSettings(DEMO_ACCOUNTS.vendor1);
    const pages = page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link');
    expect(await pages.allTextContents()).toEqual(['Your shop', 'Shipping']);
    await section(page, 'Currency').waitFor();
    await openPage(page, 'Shipping');
    await section(page, 'Ship-from address').waitFor();
    expect(await section(page, 'General').count()).toBe(0);
    expect(await section(page, 'Features').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sellers' }).count()).toBe(0);

    const shipFrom = section(page, 'Ship-from address');
    await shipFrom.getByLabel('Name', { exact: true }).fill('Vendor One');
    await shipFrom.getByLabel('Street and number').fill('Main 1');
    await shipFrom.getByLabel('City').fill('Austin');
    await shipFrom.getByLabel('Postal code').fill('73301');
    // The country is chosen by name from the list (typing searches it), stored as its code.
    await shipFrom.getByRole('combobox', { name: 'Country' }).fill('united states');
    await page.getByRole('option', { name: /^United States\s*US$/ }).click();
    await shipFrom.getByLabel('Phone').fill('+1 555 0100');
    await shipFrom.getByLabel('E-mail').fill('ship@vendor-one.test');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    expect(await errorUnder(shipFrom.getByLabel('State or province'))).toBe('State is required');
    await shipFrom.getByLabel('State or province').fill('TX');
    await shipFrom.getByLabel('Size unit').selectOption('in');
    await save(page);

    await openPage(page, 'Your shop');
    const currency = section(page, 'Currency');
    const picker = currency.getByRole('combobox', { name: 'Display currency' });
    await picker.fill('eur');
    // The code typed finds its currency first; the keyboard chooses it.
    await page.getByRole('option', { name: /^Euro\s*EUR$/ }).waitFor();
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await save(page);
    expect(await picker.inputValue()).toBe('Euro (EUR)');
    await page.reload();
    expect(await section(page, 'Currency').getByRole('combobox', { name: 'Display currency' }).inputValue()).toBe('Euro (EUR)');
    await openPage(page, 'Shipping');
    expect(await section(page, 'Ship-from address').getByRole('combobox', { name: 'Country' }).inputValue()).toBe('United States');
    await page.context().close();
  });

  it('saves every changed section of a page with one Save, discards them with one Discard, and asks before leaving them', async () => {
    const page = await openSettings(DEMO_ACCOUNTS.admin);
    // No internal label and no Save button per section: one bar saves the page.
    expect(await page.getByText(/version 2|v2/i).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await section(page, 'Support').getByLabel('Support name', { exact: true }).fill('Studio desk');
    await section(page, 'Time zone').getByRole('combobox').selectOption('Europe/Amsterdam');
    expect(await saveBar(page).getByText('2 sections have unsaved changes').isVisible()).toBe(true);

    // Leaving for another settings page asks first.
    await openPage(page, 'Payments and orders');
    const prompt = page.getByRole('dialog', { name: 'Leave without saving?' });
    await prompt.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/app/settings/page/general');

    await save(page);
    await page.reload();
    expect(await section(page, 'Support').getByLabel('Support name', { exact: true }).inputValue()).toBe('Studio desk');
    expect(await section(page, 'Time zone').getByRole('combobox').inputValue()).toBe('Europe/Amsterdam');

    await section(page, 'Support').getByLabel('Support name', { exact: true }).fill('Somebody else');
    await saveBar(page).getByRole('button', { name: 'Discard' }).click();
    await saveBar(page).waitFor({ state: 'detached' });
    expect(await section(page, 'Support').getByLabel('Support name', { exact: true }).inputValue()).toBe('Studio desk');
    await openPage(page, 'Payments and orders');
    await page.waitForURL(`${product.url}/app/settings/page/money`);
    expect(await prompt.count()).toBe(0);
    await page.context().close();
  });
});
