// `npm test`: the type check and the linter side by side (each uses one core), every Vitest project,
// the web build, the browser tests; prints each step's time. The database tests and the browser
// tests use PGlite, or PostgreSQL when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const times = [];

/** Runs a command; `quiet` keeps its output until it ends, so two steps side by side do not interleave. */
function run(name, command, args, { quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      times.push(`${name} ${seconds} s`);
      if (quiet) process.stdout.write(`=== ${name}\n${output}`);
      console.log(`=== ${name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

async function main() {
  const checks = await Promise.all([
    run('typecheck', 'npm', ['run', '--silent', 'typecheck'], { quiet: true }),
    run('lint', 'npm', ['run', '--silent', 'lint'], { quiet: true }),
  ]);
  if (checks.includes(false)) return false;
  if (!(await run('vitest', 'npx', ['vitest', 'run']))) return false;
  if (!(await run('vite build', 'npx', ['vite', 'build', '--logLevel', 'warn']))) return false;
  return run('browser tests', 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts']);
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const passed = await main();
console.log(`=== npm test on ${database}: ${passed ? 'passed' : 'FAILED'}; ${times.join(', ')}`);
process.exit(passed ? 0 : 1);
