import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, describeInBrowser, launchBrowser, newPage, startProduct, submitSignIn } from './support/product.ts';

describeInBrowser('signing in, out and resetting a password', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  const signIn = (page: Page, email: string, password = DEMO_PASSWORD) => submitSignIn(page, product.url, email, password);

  /** The signed-in shell: the home page greets the user by name. */
  async function waitForShell(page: Page, name: string) {
    await page.waitForURL(`${product.url}/app`);
    await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor();
  }

  it('an admin lands in the app with the switch-vendor control and can act as one vendor', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO_ACCOUNTS.admin);
    await waitForShell(page, 'Demo Admin');
    // The shop's name (title, role line) arrives with app info, after the shell: await it.
    // The dashboard (on by default) is the home screen.
    await expect.poll(() => page.title()).toBe('Demo Marketplace · Dashboard');
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    const switcher = page.getByTestId('switch-vendor');
    expect(await switcher.getByTestId('current-view').textContent()).toBe('Viewing: All vendors');

    await switcher.getByLabel('Vendor', { exact: true }).fill('No Such Vendor');
    await switcher.getByRole('button', { name: 'Switch' }).click();
    await switcher.getByRole('alert').getByText('Unknown vendor').waitFor();

    await switcher.getByLabel('Vendor', { exact: true }).fill('Vendor One');
    await switcher.getByLabel('Vendor', { exact: true }).press('Enter');
    await page.getByTestId('current-view').getByText('Viewing: Vendor One').waitFor();
    await expect.poll(() => page.getByTestId('role-text').textContent()).toContain('acting as the vendor Vendor One');
    // the whole marketplace is one click away
    await page.getByTestId('switch-vendor').getByRole('button', { name: 'All vendors' }).click();
    await page.getByTestId('current-view').getByText('Viewing: All vendors').waitFor();
    await page.context().close();
  });

  it('a vendor lands in the app without the switch-vendor control, and signing out returns to the sign-in screen', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO_ACCOUNTS.vendor1);
    // The vendor account has no name of its own: the vendor's name stands in.
    await waitForShell(page, 'Vendor One');
    expect(await page.getByTestId('switch-vendor').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('role-text').textContent())
      .toBe('You are signed in as the vendor Vendor One on Demo Marketplace.');
    // Signed in, the sign-in screen has nothing to offer outside a frame.
    await page.goto(`${product.url}/app/login`);
    await waitForShell(page, 'Vendor One');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${product.url}/app/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    // Signed out for real: the app itself sends the browser back to the sign-in screen.
    await page.goto(`${product.url}/app`);
    await page.waitForURL(`${product.url}/app/login`);
    await page.context().close();
  });

  it('refreshes the session a minute before the access token expires, once, and stays signed in', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    const refreshes: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/auth/public/refresh')) refreshes.push(r.status());
    });
    await signIn(page, DEMO_ACCOUNTS.vendor1);
    await waitForShell(page, 'Vendor One');
    // Only the signed-out start asked for a refresh (nothing to refresh); the sign-in set a fresh cookie.
    expect(refreshes).toEqual([204]);
    refreshes.length = 0;

    // Tokens live 15 minutes; the refresh is due one minute before the end, not sooner.
    await page.clock.fastForward('13:00');
    expect(refreshes).toEqual([]);
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/public/refresh'));
    await page.clock.fastForward('01:30');
    expect((await refreshed).status()).toBe(200);
    // The page's clock now runs 14.5 minutes ahead of the server's: the next refresh is timed by the
    // new token's lifetime, not by that clock, so there is no burst of refreshes.
    await page.clock.fastForward('00:20');
    await page.waitForTimeout(300);
    expect(refreshes).toEqual([200]);

    await page.reload();
    await waitForShell(page, 'Vendor One');
    await page.context().close();
  });

  it('shows the form’s rules and the server’s answer under the form', async () => {
    const page = await newPage(browser);
    await page.goto(`${product.url}/app/login`);
    await page.getByRole('button', { name: 'Log in' }).click();
    // The form's rules load with its first use (a light sign-in page), so the messages may come a moment later.
    await page.getByRole('alert').nth(1).waitFor();
    expect(await page.getByRole('alert').allTextContents()).toEqual(['Required field', 'Required field']);

    await signIn(page, DEMO_ACCOUNTS.vendor1, 'wrong-password-123');
    await page.getByRole('alert').getByText('Invalid email or password').waitFor();
    expect(page.url()).toBe(`${product.url}/app/login`);
    await page.context().close();
  });

  it('signed out, app addresses lead to the sign-in screen and unknown login addresses to its index', async () => {
    const page = await newPage(browser);
    for (const [path, expected] of [
      // the address asked for comes back after signing in
      ['/app/anything', '/app/login?next=%2Fanything'],
      ['/app/login/signin', '/app/login'],
      ['/app/login/whatever', '/app/login'],
      ['/app/login/signin?store=demo', '/app/login?store=demo'],
    ]) {
      await page.goto(`${product.url}${path}`);
      await page.waitForURL(`${product.url}${expected}`);
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    }
    await page.goto(`${product.url}/app/login/register/step-2`);
    await page.waitForURL(`${product.url}/app/login/register`);
    // The sign-in screen links to the application form, keeping the store.
    await page.goto(`${product.url}/app/login?store=demo`);
    await page.getByRole('link', { name: 'Apply' }).click();
    await page.waitForURL(`${product.url}/app/login/register?store=demo`);
    await page.context().close();
  });

  it('resets a password with the mailed code and signs the user in', async () => {
    const page = await newPage(browser);
    await page.goto(`${product.url}/app/login`);
    await page.getByRole('link', { name: 'Lost your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expect.poll(() => page.title()).toBe('Demo Marketplace · Reset your password');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.vendor2);
    await page.getByRole('button', { name: 'Send code' }).click();

    const mail = await product.smtp.waitFor(DEMO_ACCOUNTS.vendor2);
    const code = /code=(\d{8})/.exec(mail)?.[1];
    expect(code).toMatch(/^\d{8}$/);

    // The mail's link opens the same screen with code and e-mail filled in.
    const link = /href="([^"]*change-password[^"]*)"/.exec(mail)?.[1].replace(/&amp;/g, '&');
    const fromMail = await page.context().newPage();
    await fromMail.goto(link!);
    await fromMail.getByRole('heading', { name: 'Set your password' }).waitFor();
    expect(await fromMail.getByLabel('Code', { exact: true }).inputValue()).toBe(code);
    expect(await fromMail.getByRole('button', { name: 'Set password & log in' }).isVisible()).toBe(true);
    await fromMail.close();

    await page.getByLabel('Code', { exact: true }).fill(code!);
    await page.getByLabel('New password', { exact: true }).fill('fresh-Password-2024!');
    await page.getByLabel('Confirm new password').fill('fresh-Password-2025!');
    await page.getByRole('button', { name: 'Change password & log in' }).click();
    await page.getByRole('alert').getByText("Passwords don't match").waitFor();

    await page.getByLabel('Confirm new password').fill('fresh-Password-2024!');
    await page.getByRole('button', { name: 'Change password & log in' }).click();
    await page.getByRole('status').getByText('Your password has been saved').waitFor();
    await waitForShell(page, 'Vendor Two');
    await page.context().close();
  });

  it('the reset screen shows the server’s answer for a wrong code', async () => {
    const page = await newPage(browser);
    await page.goto(`${product.url}/app/login/change-password?code=00000000&email=${encodeURIComponent(DEMO_ACCOUNTS.vendor1)}`);
    await page.getByLabel('New password', { exact: true }).fill('another-Password-77');
    await page.getByLabel('Confirm new password').fill('another-Password-77');
    await page.getByRole('button', { name: 'Set password & log in' }).click();
    await page.getByRole('alert').getByText('This code is invalid or has expired').waitFor();
    await page.getByRole('link', { name: 'Login instead' }).click();
    await page.waitForURL(`${product.url}/app/login`);
    await page.context().close();
  });
});
