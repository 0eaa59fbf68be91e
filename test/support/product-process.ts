import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

export { signIn } from '../../bench/sign-in.ts';

/**
 * main.ts bundled into a scratch folder (with links to the migrations, node_modules and the hash
 * thread it loads at run time): a process that starts in a second, as many lives as a kill test needs.
 * Its `dir` is the caller's to remove.
 */
export async function bundleProduct(prefix: string): Promise<{ dir: string; entry: string }> {
  const root = path.resolve(import.meta.dirname, '../..');
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  symlinkSync(path.join(root, 'src/server/db/migrations'), path.join(dir, 'migrations'));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  symlinkSync(path.join(root, 'src/server/modules/auth/hash-thread.mjs'), path.join(dir, 'hash-thread.mjs'));
  const entry = path.join(dir, 'main.mjs');
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: entry,
    logLevel: 'warning',
  });
  return { dir, entry };
}

/** A port free right now on 127.0.0.1 (the product prints its URL from PORT, so 0 will not do). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ProductProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed, for failure messages. */
  output(): string;
}

/**
 * The product as it runs for real: `node --import tsx src/server/main.ts` in a child process, on its
 * own port; resolves once GET /api/ready answers 200 (migrated, seeded, jobs running). `entry` runs
 * another build of it (the kill test starts a bundle of main.ts, which boots several times faster).
 */
export async function startProduct(
  env: Record<string, string>,
  readyWithinMs = 180_000,
  entry = ['--import', 'tsx', 'src/server/main.ts'],
): Promise<ProductProcess> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'mp-process-'));
  const child = spawn(process.execPath, entry, {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk) => (printed += chunk));
  child.stderr?.on('data', (chunk) => (printed += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  let ended = false;
  void exited.then(() => (ended = true));
  while (!ended && Date.now() < deadline) {
    const status = await fetch(`${url}/api/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return { url, child, exited, output: () => printed };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the product did not become ready:\n${printed}`);
}
