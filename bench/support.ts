/**
 * What the list benchmarks share: timing two ways of doing the same work in turn, scratch
 * databases that never outlive the run (Ctrl-C included), the real app on one, and the plans of
 * the statements a call really sent (signing in over real HTTP: sign-in.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { nodesOf, planOf, type PlanNode } from '../test/support/explain.ts';

export type Kind = 'postgres' | 'pglite';

export const fmt = (n: number) => n.toLocaleString('en-US');
/** Other work on the machine skews every figure: printed with them. */
export const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cpus`;
const machine = () => {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.arch()}, node ${process.version}`;
};

// ---------------------------------------------------------------------------------------------
// Timing

/** Nearest-rank percentile of sorted times. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];

export interface Timing {
  p50: number;
  p95: number;
}

/**
 * Times two ways of doing the same work, run after run in turn (a, b, a, b...), so a machine
 * that gets busier or quieter during the run weighs on both alike.
 */
export async function timePair(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  runs: { runs: number; warmup: number },
): Promise<[Timing, Timing]> {
  for (let i = 0; i < runs.warmup; i++) {
    await a();
    await b();
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs.runs; i++) {
    for (const [k, work] of [a, b].entries()) {
      const t0 = performance.now();
      await work();
      times[k].push(performance.now() - t0);
    }
  }
  return times.map((t) => {
    t.sort((x, y) => x - y);
    return { p50: percentile(t, 0.5), p95: percentile(t, 0.95) };
  }) as [Timing, Timing];
}

export const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** The goal line "under 2× the plain SQL" over every case (HTTP p95 / SQL p95), PASS or MISS. */
export function ratioGoalLine(results: { name: string; http: Timing; sql: Timing }[], goal = 2) {
  const ratio = (r: (typeof results)[number]) => r.http.p95 / r.sql.p95;
  const over = results.filter((r) => ratio(r) >= goal);
  const worst = results.reduce((a, b) => (ratio(b) > ratio(a) ? b : a));
  return `  ${mark(over.length === 0)} under ${goal}× the plain SQL query: worst ${ratio(worst).toFixed(2)}× (${worst.name})${over.length ? `; ${over.length} of ${results.length} cases at ${goal}× or more` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Cleanup, also on Ctrl-C: the scratch database and directories must not outlive the run.

const cleanups: (() => Promise<void>)[] = [];
export const onCleanup = (cleanup: () => Promise<void>) => cleanups.push(cleanup);
export async function runCleanups() {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error('cleanup:', (error as Error).message);
    }
  }
}
process.once('SIGINT', () => {
  console.error('\ninterrupted: cleaning up');
  void runCleanups().then(() => process.exit(130));
});

/**
 * A scratch database: on PostgreSQL one created next to DATABASE_URL's, on PGlite a temporary
 * directory; both removed at the end unless `keep`.
 */
export async function openScratch(kind: Kind, prefix: string, keep: boolean): Promise<{ database: Database; label: string }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-pglite-`));
    if (!keep) onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
    const database = await openDatabase({ dataDir: dir });
    onCleanup(() => database.close());
    return { database, label: dir };
  }
  const url = process.env.DATABASE_URL!;
  const name = `${prefix.replace(/-/g, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  onCleanup(async () => {
    if (keep) return;
    const drop = new pg.Client({ connectionString: url });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  onCleanup(() => database.close());
  return { database, label: `${target.host}/${name}` };
}

/** The databases a run asked for (--db pg|pglite|both): PostgreSQL only with a postgres:// DATABASE_URL. */
function databasesToRun(db: string): Kind[] {
  const kinds: Kind[] = [];
  if (db !== 'pglite') {
    if (process.env.DATABASE_URL?.startsWith('postgres')) kinds.push('postgres');
    else if (db === 'pg') {
      console.error('--db pg needs DATABASE_URL set to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
      process.exit(1);
    } else console.log('PostgreSQL SKIPPED: DATABASE_URL is not set to a postgres:// URL (PGlite only).');
  }
  if (db !== 'pg') kinds.push('pglite');
  return kinds;
}

/** The indexes a set of statements reads, and whether any reads one of `tables` sequentially. */
export async function plansOf(database: Database, statements: { text: string; values: unknown[] }[], tables: string[]) {
  const indexes = new Set<string>();
  let seqScan = false;
  for (const statement of statements) {
    for (const n of nodesOf(await planOf(database.db, statement)) as PlanNode[]) {
      if (n['Index Name']) indexes.add(n['Index Name']);
      if (n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name'] ?? '')) seqScan = true;
    }
  }
  return { indexes: [...indexes], seqScan };
}

/** The real app on a scratch database, listening on 127.0.0.1:0 until the cleanups; answers its base URL. */
export async function startApp(database: Database): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-bench-app-'));
  onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const { app } = await buildApp({ config, database, logger: false });
  onCleanup(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/** Prints the run's header (what, where, how often), then benches each database asked for, cleaning up whatever happens. */
export async function runBenchmark(
  name: string,
  size: string,
  runs: { runs: number; warmup: number; db: string },
  bench: (kind: Kind) => Promise<unknown>,
) {
  const kinds = databasesToRun(runs.db);
  console.log(`${name} benchmark, ${new Date().toISOString()}`);
  console.log(`machine: ${machine()}`);
  console.log(
    `${loadAverage()}\nN = ${size}${runs.runs ? `; ${runs.runs} runs after ${runs.warmup} warm-ups` : ''}; databases: ${kinds.join(', ')}`,
  );
  try {
    for (const kind of kinds) await bench(kind);
  } finally {
    await runCleanups();
  }
}

/**
 * The arguments every seeded list benchmark takes: its size (`--<sizeOption> N`, or `--full` for
 * 1,000,000), `--db`, `--runs`, `--warmup`, `--keep`; prints the usage and exits on `--help` or a bad value.
 */
export function listBenchArgs(usage: string, sizeOption: string, defaultSize: number, defaultDb: 'pg' | 'pglite' | 'both') {
  const { values } = parseArgs({
    options: {
      [sizeOption]: { type: 'string' },
      full: { type: 'boolean', default: false },
      db: { type: 'string', default: defaultDb },
      // A p95 of 30 runs is the second-worst run: one scheduler hiccup on a shared 2-core machine
      // moved a case across the 2x line from one run to the next. Of 100 it is the sixth-worst.
      runs: { type: 'string', default: '100' },
      warmup: { type: 'string', default: '10' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const named = values[sizeOption];
  const size = values.full ? 1_000_000 : Number(typeof named === 'string' ? named : defaultSize);
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  const db = String(values.db);
  if (
    ![size, runs].every((n) => Number.isInteger(n) && n > 0) ||
    !Number.isInteger(warmup) ||
    warmup < 0 ||
    !['pg', 'pglite', 'both'].includes(db)
  ) {
    console.error(usage);
    process.exit(1);
  }
  return { size, runs, warmup, db, keep: values.keep === true };
}
