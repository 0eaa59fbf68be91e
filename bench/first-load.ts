/**
 * The first load in Chromium, on the built app (`npx vite build` first) and a fresh embedded demo
 * marketplace, as `npm start` has it:
 * - the sign-in page's JavaScript: every script the page fetched, its bytes as sent and its size
 *   gzipped (level 9), against the goal of 150 kB gzipped;
 * - the admin orders list's largest contentful paint: a signed-in admin opens /app/orders in a new
 *   tab with an empty cache, N times (median and worst), against the goal of 1.0 s.
 *
 *   npm run bench:first-load -- [--runs 7]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { DEMO_ACCOUNTS, seedDemo } from '../src/server/demo/seed-demo.ts';
import { seedDemoSales } from '../src/server/demo/seed-demo-sales.ts';
import { loadAverage } from './support.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const RUNS = Number(args.runs);
const PASSWORD = 'demo-password-123';
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-bench-load-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', WEB_DIST: path.resolve('dist/web'), DEMO_PASSWORD: PASSWORD });
const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
await seedDemo(database.db, PASSWORD);
const { app, ctx } = await buildApp({ config, database, logger: false });
await seedDemoSales(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
let browser: Browser | undefined;

try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });

  // 1. The sign-in page's scripts.
  const signIn = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const scripts: { url: string; sent: number; gzipped: number }[] = [];
  const pending: Promise<void>[] = [];
  signIn.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        scripts.push({ url: new URL(response.url()).pathname, sent: sizes.responseBodySize, gzipped: gzipSync(body, { level: 9 }).length });
      })(),
    );
  });
  await signIn.goto(`${base}/app/login`, { waitUntil: 'networkidle' });
  await signIn.getByLabel('Email', { exact: true }).waitFor();
  await Promise.all(pending);
  const sent = scripts.reduce((sum, s) => sum + s.sent, 0);
  const gzipped = scripts.reduce((sum, s) => sum + s.gzipped, 0);
  console.log(`\nSign-in page JavaScript (${scripts.length} files), ${loadAverage()}`);
  for (const s of scripts.sort((a, b) => b.gzipped - a.gzipped))
    console.log(`  ${s.url.padEnd(48)} sent ${kB(s.sent).padStart(9)}   gzipped ${kB(s.gzipped).padStart(9)}`);
  console.log(`  total: sent ${kB(sent)}, gzipped ${kB(gzipped)} (goal ≤ 150 kB gzipped: ${gzipped <= 150_000 ? 'met' : 'NOT met'})`);

  // 2. The admin orders list's largest contentful paint, a fresh tab each time (signed in, empty cache).
  const context = await browser.newContext({ locale: 'en-US' });
  const login = await context.newPage();
  await login.goto(`${base}/app/login`);
  await login.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.admin);
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByLabel('Password', { exact: true }).press('Enter');
  await login.getByRole('navigation', { name: 'Main' }).waitFor();
  await login.close();
  const paints: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${base}/app/orders`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The first order of the list (the demo's order names change with its seed).
    await page.locator('main a[href*="/orders/"]').first().waitFor();
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1].startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    // The first run warms the server (statement plans, the files' first read).
    if (run > 0) paints.push(lcp);
    await page.close();
  }
  paints.sort((a, b) => a - b);
  const median = paints[Math.floor(paints.length / 2)];
  console.log(`\nAdmin orders list, largest contentful paint over ${RUNS} loads (empty cache), ${loadAverage()}`);
  console.log(
    `  median ${(median / 1000).toFixed(2)} s, worst ${(paints[paints.length - 1] / 1000).toFixed(2)} s (goal ≤ 1.0 s: ${median <= 1000 ? 'met' : 'NOT met'})\n`,
  );
} finally {
  await browser?.close();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
