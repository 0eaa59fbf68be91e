// In the browser-test project: it runs after `vite build`, so the script finds the web app built and only starts the server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

it('a SIGTERM to `npm start` stops the server it started', { timeout: 180_000 }, async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/app/info`;
  const start = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '', SEED_DEMO: 'false' },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => start.on('exit', () => resolve()));
  await expect.poll(() => answers(url), { timeout: 150_000, interval: 250 }).toBe(true);
  start.kill('SIGTERM');
  await exited;
  expect(await answers(url)).toBe(false);
});
