import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { buildApp } from '../../src/server/app.ts';
import { openTestDatabase, DEMO_PASSWORD } from '../../test/support/test-app.ts';
import { startSmtpServer } from './smtp.ts';

export { DEMO_PASSWORD };
export { DEMO_ACCOUNTS } from '../../src/server/demo/seed-demo.ts';

export const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p): p is string => !!p && existsSync(p));

/** describe() when Chromium is here; otherwise one loud line saying how to get it, and the tests skip. */
export function describeInBrowser(name: string, body: () => void) {
  if (!chromiumPath) {
    console.warn(
      `\n!!! Browser tests SKIPPED: no Chromium. Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH. .ci/run installs it.\n`,
    );
    return describe.skip(name, body);
  }
  return describe(name, body);
}

/** The whole product on real HTTP with a fresh database, the demo marketplace and a real SMTP server. */
export async function startProduct(options: { env?: Record<string, string> } = {}) {
  const smtp = await startSmtpServer();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-e2e-'));
  const database = await openTestDatabase({ seeded: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: '0',
    SMTP_URL: smtp.url,
    WEB_DIST: path.resolve('dist/web'),
    DEFAULT_STORE: 'demo',
    // Documents print with the same Chromium as the browser tests.
    CHROMIUM_PATH: chromiumPath,
    ...options.env,
  });
  const built = await buildApp({ config, database, logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (built.app.server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  // Links in mails must point at this server.
  (config as { publicUrl: string }).publicUrl = url;
  built.ctx.jobs.start();
  return {
    ...built,
    url,
    smtp,
    db: database.db,
    async close() {
      await built.app.close();
      await database.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let shared: Promise<Browser> | undefined;

/**
 * The worker's Chromium, started by its first test file and kept for the next ones (the worker's
 * end closes it): a file gets a handle whose close() closes the contexts the file opened, not the
 * browser, so each file still starts with no cookie or page of another.
 */
export async function launchBrowser(): Promise<Browser> {
  shared ??= chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const browser = await shared;
  // A browser that crashed in an earlier file is not this file's failure: start another.
  if (!browser.isConnected()) {
    shared = undefined;
    return launchBrowser();
  }
  const opened = new Set<BrowserContext>();
  const own = {
    async newContext(...args: Parameters<Browser['newContext']>) {
      const context = await browser.newContext(...args);
      opened.add(context);
      return context;
    },
    async newPage(...args: Parameters<Browser['newPage']>) {
      const page = await browser.newPage(...args);
      opened.add(page.context());
      return page;
    },
    async close() {
      await Promise.all([...opened].map((context) => context.close()));
      opened.clear();
    },
  };
  return new Proxy(browser, {
    get(target, name) {
      if (Object.hasOwn(own, name)) return own[name as keyof typeof own];
      const value = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A fresh browser context (own cookies) and page, in English. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  return context.newPage();
}

/** Fills the sign-in form and sends it with the keyboard; the caller waits for what it expects next. */
export async function submitSignIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/app/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** A new page of a signed-in demo account, once the shell's main navigation is there. */
export async function signedInPage(browser: Browser, baseUrl: string, email: string): Promise<Page> {
  const page = await newPage(browser);
  await submitSignIn(page, baseUrl, email);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return page;
}

/** Signs in through the real login call and answers a caller of the API with that session (Bearer token). */
export async function apiAs(baseUrl: string, email: string) {
  const login = await fetch(`${baseUrl}/api/auth/public/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-iframe': 'false' },
    body: JSON.stringify({ store: 'demo', email, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return async (method: string, path: string, body?: object) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true);
    return JSON.parse(text);
  };
}
