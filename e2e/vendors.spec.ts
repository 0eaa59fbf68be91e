import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { vendorApplications, vendors } from '../src/server/db/schema/index.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  apiAs,
  describeInBrowser,
  launchBrowser,
  newPage,
  startProduct,
  submitSignIn,
} from './support/product.ts';

const APPLICANT = { email: 'jane@ceramics.test', vendor: 'Jane Ceramics' };

describeInBrowser('the vendors screens', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let dir: string;
  let logoPath: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    dir = mkdtempSync(path.join(os.tmpdir(), 'mp-vendors-'));
    logoPath = path.join(dir, 'logo.png');
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4f46e5' } })
      .png()
      .toFile(logoPath);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
    await submitSignIn(page, product.url, email, password);
    await page.getByTestId('user-name').waitFor();
  }

  /** The newest mail to an address that carries a set-password link, and that link. */
  async function inviteLinkFor(email: string): Promise<string> {
    let mail = '';
    await expect.poll(async () => (mail = await product.smtp.waitFor(email)).includes('change-password'), { timeout: 15_000 }).toBe(true);
    const link = /href="([^"]*change-password[^"]*)"/.exec(mail)?.[1].replace(/&amp;/g, '&');
    expect(link).toBeDefined();
    return link!;
  }

  const vendorCard = (page: Page, name: string) =>
    page.getByTestId('vendor-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const applicationCard = (page: Page, name: string) =>
    page.getByTestId('application-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

  it('an application sent through the public form is approved, and the new vendor signs in from the invite', async () => {
    // The applicant fills the demo store's required fields.
    const form = await newPage(browser);
    await form.goto(`${product.url}/app/login/register?store=demo`);
    await form.getByLabel('Email').fill(APPLICANT.email);
    await form.getByLabel('Vendor name').fill(APPLICANT.vendor);
    await form.getByLabel('Company name').fill('Jane BV');
    await form.getByLabel('Home').check();
    await form.getByLabel('Country').selectOption('Germany');
    await form.getByLabel('I agree to the terms and conditions').check();
    const logo = form.getByRole('group', { name: /^Shop logo/ });
    await logo.locator('input[type=file]').setInputFiles(logoPath);
    await logo.locator('img').waitFor();
    await form.getByRole('button', { name: 'Send application' }).click();
    await form.getByText("Thank you for your application, we'll get back to you shortly.").waitFor();
    // The applicant confirms the address from the auth-verify mail; only then do the admins see it.
    let verify = '';
    await expect
      .poll(async () => (verify = await product.smtp.waitFor(APPLICANT.email)).includes('application/confirm'), { timeout: 15_000 })
      .toBe(true);
    await form.goto(/href="([^"]*application\/confirm[^"]*)"/.exec(verify)![1].replace(/&amp;/g, '&'));
    await form.getByRole('button', { name: 'Confirm my e-mail' }).click();
    await form.getByText('Your e-mail address is confirmed.', { exact: false }).waitFor();
    await form.context().close();

    // The admin finds it under Applications (pending is the default) with its answers by field name.
    const admin = await newPage(browser);
    await signIn(admin, DEMO_ACCOUNTS.admin);
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vendors' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Vendors' }).waitFor();
    await admin.waitForFunction(() => document.title === 'Demo Marketplace · Vendors');
    await admin.getByRole('navigation', { name: 'Vendors and applications' }).getByRole('link', { name: 'Applications' }).click();
    await admin.waitForURL(`${product.url}/app/vendors/applications`);
    const card = applicationCard(admin, APPLICANT.vendor);
    await card.waitFor();
    expect(await card.getByText(APPLICANT.email).isVisible()).toBe(true);
    const answerOf = (field: string) => card.locator('dt', { hasText: field }).locator('xpath=following-sibling::dd[1]');
    expect(await answerOf('Company name').textContent()).toBe('Jane BV');
    expect(await answerOf('Country').textContent()).toBe('Germany');
    expect(await answerOf('Categories').getByRole('listitem').allTextContents()).toEqual(['Home']);
    expect(await answerOf('I agree to the terms and conditions').textContent()).toContain('Accepted');
    const preview = answerOf('Shop logo').locator('img');
    expect(await preview.getAttribute('src')).toMatch(/\/api\/cdn\/files\/demo\/metafield-file\/[\w-]+\.png$/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);

    await card.getByRole('button', { name: `Approve ${APPLICANT.vendor}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Approve ${APPLICANT.vendor}?` });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByText('No applications waiting for a decision').waitFor();

    await admin.locator('label', { hasText: /^Approved$/ }).click();
    await expect
      .poll(() => applicationCard(admin, APPLICANT.vendor).getByTestId('decision').textContent())
      .toMatch(/^Approved by admin@demo\.test on /);

    // The vendor exists, its account waits for the invite to be followed.
    await admin.getByRole('navigation', { name: 'Vendors and applications' }).getByRole('link', { name: 'Vendors' }).click();
    await vendorCard(admin, APPLICANT.vendor).getByText('Invite sent').waitFor();
    expect(await vendorCard(admin, APPLICANT.vendor).getByText(APPLICANT.email).isVisible()).toBe(true);

    // The invite's link sets the password and signs the new vendor in.
    const vendor = await newPage(browser);
    await vendor.goto(await inviteLinkFor(APPLICANT.email));
    await vendor.getByRole('heading', { name: 'Set your password' }).waitFor();
    await vendor.getByLabel('New password', { exact: true }).fill('jane-Ceramics-2026');
    await vendor.getByLabel('Confirm new password').fill('jane-Ceramics-2026');
    await vendor.getByRole('button', { name: 'Set password & log in' }).click();
    await vendor.waitForURL(`${product.url}/app`, { timeout: 20_000 });
    await expect.poll(() => vendor.getByTestId('user-name').textContent()).toBe(APPLICANT.vendor);
    // a vendor has no vendors area
    expect(await vendor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vendors' }).count()).toBe(0);
    await vendor.goto(`${product.url}/app/vendors`);
    await vendor.waitForURL(`${product.url}/app`);
    await vendor.context().close();

    await admin.reload();
    await vendorCard(admin, APPLICANT.vendor).getByText('Active').waitFor();
    await admin.context().close();
  });

  it('says so clearly when someone else decided the application first', async () => {
    const answer = await fetch(`${product.url}/api/vendor/application`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        store: 'demo',
        vendorName: 'Late Shop',
        email: 'late@shop.test',
        fields: [
          { key: 'company', value: 'Late BV' },
          { key: 'categories', value: ['Art'] },
          { key: 'country', value: 'France' },
          { key: 'terms', value: true },
          { key: 'logo', value: 'UPLOAD_ME#IMAGE#https://example.com/logo.png' },
        ],
      }),
    });
    expect(answer.status).toBe(201);
    // The applicant confirms the address with the mailed link's token.
    let verify = '';
    await expect
      .poll(async () => (verify = await product.smtp.waitFor('late@shop.test')).includes('application/confirm'), { timeout: 15_000 })
      .toBe(true);
    const token = /confirm\?token=([\w-]+)/.exec(verify)![1];
    const confirmed = await fetch(`${product.url}/api/vendor/application/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ token }),
    });
    expect(confirmed.status).toBe(200);
    const admin = await newPage(browser);
    await signIn(admin, DEMO_ACCOUNTS.admin);
    await admin.goto(`${product.url}/app/vendors/applications`);
    const card = applicationCard(admin, 'Late Shop');
    await card.waitFor();

    // Another admin rejects it meanwhile.
    await product.db
      .update(vendorApplications)
      .set({ status: 'rejected', decidedAt: new Date() })
      .where(eq(vendorApplications.email, 'late@shop.test'));
    await card.getByRole('button', { name: 'Approve Late Shop' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Approve Late Shop?' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('alert').getByText('This application has already been decided').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // the list was read again: the application is no longer pending
    await admin.getByText('No applications waiting for a decision').waitFor();
    await admin.context().close();
  });

  it('creates an account for a vendor without one, renames (a taken name is refused), searches and deletes', async () => {
    await product.db.insert(vendors).values({ storeId: 'demo', name: 'Lonely Shop' });
    const admin = await newPage(browser);
    await signIn(admin, DEMO_ACCOUNTS.admin);
    await admin.goto(`${product.url}/app/vendors`);

    const lonely = vendorCard(admin, 'Lonely Shop');
    await lonely.getByText('No account yet').waitFor();
    expect(await admin.getByRole('status').filter({ hasText: '1 vendor has no account yet' }).count()).toBe(1);
    // the vendors without an account come first
    expect(await admin.getByTestId('vendor-card').first().getByRole('heading').textContent()).toBe('Lonely Shop');

    await lonely.getByRole('button', { name: 'Create account for Lonely Shop' }).click();
    const create = admin.getByRole('dialog', { name: 'Create an account for Lonely Shop' });
    await create.getByRole('button', { name: 'Create account and send invite' }).click();
    await create.getByRole('alert').getByText('Required field').waitFor();
    await create.getByLabel('E-mail').fill(DEMO_ACCOUNTS.vendor1);
    await create.getByRole('button', { name: 'Create account and send invite' }).click();
    await create.getByRole('alert').getByText('An account with this e-mail already exists').waitFor();
    await create.getByLabel('E-mail').fill('lo@lonely.test');
    await create.getByLabel('Name').fill('Lo Nely');
    await create.getByRole('button', { name: 'Create account and send invite' }).click();
    await create.waitFor({ state: 'detached' });
    await lonely.getByText('Lo Nely <lo@lonely.test>').waitFor();
    expect(await lonely.getByText('Invite sent').isVisible()).toBe(true);
    expect(await inviteLinkFor('lo@lonely.test')).toContain('email=lo%40lonely.test');

    await lonely.getByRole('button', { name: 'Rename Lonely Shop' }).click();
    const rename = admin.getByRole('dialog', { name: 'Rename Lonely Shop' });
    await rename.getByLabel('New vendor name').fill('Vendor One');
    await rename.getByRole('button', { name: 'Rename' }).click();
    const taken = rename.getByRole('alert').getByText('A vendor with this name already exists');
    await taken.waitFor();
    // the message sits under the field and describes it
    const fieldError = await rename.getByLabel('New vendor name').getAttribute('aria-describedby');
    expect(await taken.getAttribute('id')).toBe(fieldError?.split(' ').find((id) => id.endsWith('-error')));
    await rename.getByLabel('New vendor name').fill('Happy Shop');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.waitFor({ state: 'detached' });
    await vendorCard(admin, 'Happy Shop').waitFor();

    await admin.getByLabel('Search').fill('happy');
    await admin.waitForURL(`${product.url}/app/vendors?q=happy`);
    await expect.poll(() => admin.getByTestId('vendor-card').count()).toBe(1);
    await admin.getByLabel('Search').fill('no such shop');
    await admin.getByText('No vendors match “no such shop”').waitFor();
    await admin.getByLabel('Search').fill('');
    await expect.poll(() => admin.getByTestId('vendor-card').count()).toBe(4);

    await vendorCard(admin, 'Happy Shop').getByRole('button', { name: 'Delete Happy Shop' }).click();
    const remove = admin.getByRole('dialog', { name: 'Delete Happy Shop?' });
    expect(await remove.textContent()).toContain('Happy Shop and its accounts will be deleted');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await remove.waitFor({ state: 'detached' });
    await expect.poll(() => vendorCard(admin, 'Happy Shop').count()).toBe(0);
    await admin.context().close();
  });

  it("opens one vendor's page from the list: profile, products, orders, money, conversations, and its own vendor page", async () => {
    const admin = await newPage(browser);
    await signIn(admin, DEMO_ACCOUNTS.admin);
    await admin.goto(`${product.url}/app/vendors`);
    await vendorCard(admin, 'Vendor One').getByRole('link', { name: 'Vendor One', exact: true }).click();
    await admin.getByRole('heading', { level: 1, name: 'Vendor One' }).waitFor();
    for (const section of ['Profile', /^Products \(\d+\)$/, /^Orders \(\d+\)$/, 'Balance and payouts', /^Conversations \(\d+\)$/])
      await admin.getByRole('region', { name: section }).waitFor();
    // Its change history in words: the demo's seed created it.
    await admin
      .getByRole('region', { name: 'Change history' })
      .getByText(/created vendor Vendor One/)
      .waitFor();
    expect(await admin.getByRole('region', { name: 'Profile' }).textContent()).toContain('vendor1@demo.test');
    // The demo's vendors have not sold yet: each part says so in words.
    await admin
      .getByRole('region', { name: /^Orders/ })
      .getByText('No orders yet')
      .waitFor();
    await admin.getByRole('region', { name: 'Balance and payouts' }).getByText('Nothing earned yet', { exact: false }).waitFor();
    const allOrders = admin.getByRole('link', { name: 'All orders' });
    expect(await allOrders.getAttribute('href')).toBe('/app/orders?vendor=Vendor+One');

    // A one-letter name is refused under the field, and the page stays the vendor's.
    await admin.getByRole('button', { name: 'Rename' }).click();
    const rename = admin.getByRole('dialog', { name: 'Rename Vendor One' });
    await rename.getByLabel('New vendor name').fill('V');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.getByText('Must be at least 2 characters').waitFor();
    await rename.getByRole('button', { name: 'Cancel' }).click();

    // "Page" opens this vendor's page, not the general settings.
    const api = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    await api('PATCH', '/api/app/info/features', { features: { vendorPage: { enabled: true } } });
    await admin.getByRole('link', { name: 'Review the page of Vendor One' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Page of Vendor One' }).waitFor();
    await admin.getByRole('heading', { name: 'Page content' }).waitFor();
    expect(await admin.getByTestId('vendor-page-switch').count()).toBe(0);
    await admin.context().close();
  }, 180_000);
});
