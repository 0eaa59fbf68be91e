import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, describeInBrowser, launchBrowser, newPage, startProduct, submitSignIn } from './support/product.ts';

describeInBrowser('one’s own account and language', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  async function openAccount(email: string, password = DEMO_PASSWORD) {
    const page = await newPage(browser);
    await submitSignIn(page, product.url, email, password);
    // The sign-in reloads the page: the account link is the one of the signed-in frame.
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    return page;
  }

  it('renames oneself, and the bar shows the new name', async () => {
    const page = await openAccount(DEMO_ACCOUNTS.vendor2);
    const name = section(page, 'Name');
    await name.getByLabel('Your name').fill('Ada Potter');
    await name.getByRole('button', { name: 'Save' }).click();
    await name.getByRole('status').getByText('Saved').waitFor();
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('Ada Potter');
    await page.context().close();
  }, 180_000);

  it('changes the password with the current one; the other sign-in ends', async () => {
    const other = await openAccount(DEMO_ACCOUNTS.vendor1);
    const page = await openAccount(DEMO_ACCOUNTS.vendor1);
    const password = section(page, 'Password');
    await password.getByLabel('Current password').fill('not-the-password');
    await password.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await password.getByLabel('Repeat the new password').fill('a-brand-new-password');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByRole('alert').getByText('The current password is not right').first().waitFor();
    await password.getByLabel('Current password').fill(DEMO_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByRole('status').getByText('Password changed. Every other sign-in has ended.').waitFor();
    expect(await password.getByLabel('New password', { exact: true }).inputValue()).toBe('');

    // The other browser's sign-in has ended: its next call is refused.
    const accountStatus = (of: Page) => of.evaluate(async () => (await fetch('/api/account', { headers: { 'x-iframe': 'false' } })).status);
    expect(await accountStatus(other)).toBe(401);
    expect(await accountStatus(page)).toBe(200);
    await page.context().close();
    await other.context().close();
    const again = await openAccount(DEMO_ACCOUNTS.vendor1, 'a-brand-new-password');
    await again.context().close();
  }, 180_000);

  it('changes the sign-in e-mail once the link mailed to the new address is followed', async () => {
    const page = await openAccount(DEMO_ACCOUNTS.admin);
    const email = section(page, 'Sign-in e-mail');
    await email.getByLabel('New e-mail').fill('owner@demo.test');
    await email.getByLabel('Current password').fill(DEMO_PASSWORD);
    await email.getByRole('button', { name: 'Send confirmation link' }).click();
    await email.getByRole('status').getByText('We sent a link to owner@demo.test.', { exact: false }).waitFor();
    let mail = '';
    await expect
      .poll(async () => (mail = await product.smtp.waitFor('owner@demo.test')).includes('confirm-email'), { timeout: 15_000 })
      .toBe(true);
    const link = /(http:\/\/[^\s"<>]+\/app\/login\/confirm-email\?token=[\w-]+)/.exec(mail)![1];
    const confirm = await newPage(browser);
    await confirm.goto(link);
    await confirm.getByRole('button', { name: 'Confirm my e-mail' }).click();
    await confirm.getByRole('status').getByText('Your sign-in e-mail is changed.').waitFor();
    await confirm.context().close();
    const signedIn = await openAccount('owner@demo.test');
    await section(signedIn, 'Sign-in e-mail').getByText('You sign in with owner@demo.test.', { exact: false }).waitFor();
    await signedIn.context().close();
    await page.context().close();
  }, 180_000);

  it('switches the language on the sign-in page, and keeps the one chosen in the account menu for the user', async () => {
    const page = await newPage(browser);
    await page.goto(`${product.url}/app/login`);
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.context().close();

    // Chosen in the account menu: stored with the account, so another browser opens in it too.
    const account = await openAccount(DEMO_ACCOUNTS.vendor2);
    await account.getByRole('banner').getByLabel('Language').selectOption('nl');
    await account.getByRole('heading', { level: 1, name: 'Je account' }).waitFor();
    await account.context().close();
    const elsewhere = await newPage(browser);
    await submitSignIn(elsewhere, product.url, DEMO_ACCOUNTS.vendor2);
    await elsewhere.getByRole('link', { name: 'Je account' }).waitFor();
    expect(await elsewhere.evaluate(() => document.documentElement.lang)).toBe('nl');
    await elsewhere.context().close();
  }, 180_000);
});
