/**
 * The API under concurrency, on PostgreSQL and on PGlite, next to a bare node:http server.
 *
 * For each database: seeds N products (10,000 by default) across 50 vendors, builds the real app
 * (buildApp) on it listening on 127.0.0.1:0, signs in as a vendor with the real login call, then
 * loads two calls with autocannon (64 connections, in a worker thread so the load does not share the
 * server's event loop; after 2 s of warm-up each, --rounds rounds of --duration seconds, app and bare in turn):
 *   - signed-in: GET /api/products-v2 (the vendor's list, the screen's default tab), session cookie + X-Iframe;
 *   - public: GET /api/store/registration?store=... (the registration form's settings, no session).
 * Beside each, a bare node:http server on the same database answers the same JSON (the app's
 * answer, captured once) after running the same SQL (the statements the app's call sent, recorded
 * from the driver, replayed one after the other): what the framework, the session check and the
 * serialisation cost is the gap. Prints requests/s and p99 of both and the ratio app/bare (goal >= 0.8).
 * Then a write call (a vendor saving one of its products with a new title, PUT /api/products-v2)
 * from one connection, --writes per round, with the audit triggers on and off in turn: the p95 with
 * recording at most 1.1x without (the actor setting rides on each transaction's BEGIN either way).
 * Then the p99 of a cheap call (GET /api/health) from one connection in a worker thread, idle and
 * while 20 sign-ins hash their passwords at once, over two such bursts after a warm-up of 10 sign-ins
 * (goal <= 2x idle; health-probe.ts). PASS/MISS lines; the exit code does not depend on them.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:http
 *   npm run bench:http -- --db pglite --duration 5 --rows 20000
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { stores, users } from '../src/server/db/schema/index.ts';
import { hashPassword } from '../src/server/modules/auth/passwords.ts';
import { seedBulkProducts } from '../src/server/modules/products/seed-bulk-products.ts';
import type { Db } from '../src/server/db/client.ts';
import { switchAuditTriggers } from '../src/server/db/audit-triggers.ts';
import { recordStatements } from '../test/support/explain.ts';
import { wholeProduct } from '../test/support/whole-product.ts';
import { fmt, type Kind, loadAverage, mark, onCleanup, openScratch, runBenchmark, runCleanups, startApp } from './support.ts';
import type { ProbeInput, ProbeRound } from './health-probe.ts';
import { signIn } from './sign-in.ts';

const USAGE = `npm run bench:http -- [--rows 10000] [--db pg|pglite|both] [--duration 5] [--rounds 3] [--connections 64] [--writes 200] [--keep]`;
const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '64' },
    writes: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const ROWS = Number(args.rows);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
const WRITES = Number(args.writes);
if (
  ![ROWS, DURATION, CONNECTIONS, ROUNDS, WRITES].every((n) => Number.isInteger(n) && n > 0) ||
  !['pg', 'pglite', 'both'].includes(args.db!)
) {
  console.error(USAGE);
  process.exit(1);
}
const STORE = 'bench';
const PASSWORD = 'bench-password-123';
const VENDOR = 'vendor@bench.test';
const SIGN_INS = 20;
/**
 * Rounds of SIGN_INS sign-ins at once, after WARMUP_SIGN_INS at once that are not measured: the
 * login call allows 60 a minute from one address, and the run has already signed in once (1 + 10 + 2 × 20).
 */
const BURSTS = 2;
const WARMUP_SIGN_INS = 10;
const GOAL_RATIO = 0.8;
const GOAL_HASHING = 2;
const GOAL_RECORDING = 1.1;
/** Seconds of load on each server before its measured run. */
const WARMUP = 2;

interface SqlClient {
  query(text: string, values: unknown[]): Promise<unknown>;
}

interface Load {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, duration = DURATION): Promise<Load> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration, workers: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** A node:http server that runs `statements` on the driver, one after the other, then answers `body`. */
async function bareServer(
  client: { query(text: string, values: unknown[]): Promise<unknown> },
  statements: { text: string; values: unknown[] }[],
  body: string,
) {
  const server = http.createServer((_req, res) => {
    (async () => {
      for (const s of statements) await client.query(s.text, s.values);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    })().catch((error: Error) => {
      res.writeHead(500);
      res.end(error.message);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** Several runs of one server as one: mean requests per second, the worst p99, every failure. */
const combined = (runs: Load[]): Load => ({
  rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
  p99: Math.max(...runs.map((r) => r.p99)),
  non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
});

/**
 * Waits for the requests a load left queued in a server: autocannon stops sending at the end of its
 * run, but the server still answers what it accepted, on the pool the next load uses. One more call
 * queues behind them (the pool serves in order).
 */
const drain = async (url: string, headers: Record<string, string>) => void (await (await fetch(url, { headers })).text());

/**
 * The health probe in a worker thread (health-probe.ts), off the server's event loop. A worker
 * does not get the tsx loader of the thread that starts it, so its first lines register one.
 */
function probeHealth(input: ProbeInput): Promise<ProbeRound[]> {
  const start = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(new URL('./health-probe.ts', import.meta.url).href)});`;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(start)}`), { workerData: input });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: ProbeRound[]) => {
      // Its client's kept-alive connections would hold it (and the server's close) a few seconds more.
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}
/** The p95 of `count` calls of `write`, one after the other, in ms. */
async function timeWrites(write: (i: number) => Promise<void>, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await write(i);
    times.push(performance.now() - started);
  }
  return percentile(times, 0.95);
}

/**
 * Recording's cost on a write call: one of the vendor's draft products saved with a new title (a
 * new product would pass the plan's product limit the seeding already reached), the audit triggers
 * on and off in turn (rounds alternate, so a shared machine's bursts weigh on both alike).
 */
async function benchRecording(base: string, session: Record<string, string>, db: Db, vendorId: string) {
  const put = async (product: Record<string, unknown>) => {
    const res = await fetch(`${base}/api/products-v2`, {
      method: 'PUT',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({ product: wholeProduct(product) }),
    });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`PUT /api/products-v2: ${res.status} ${body}`);
  };
  const product = {
    title: 'Bench mug',
    bodyHtml: '<p>A mug.</p>',
    variants: [{ price: '19.99', stock: 5, sku: 'BENCH-MUG', trackStock: true }],
  };
  const [{ id: productId }] = (
    (await db.execute(
      sql`select id from products where vendor_id = ${vendorId} and status = 'DRAFT' and not approved order by id limit 1`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  const write = (i: number) => put({ ...product, id: productId, title: `Bench mug ${i}` });
  await timeWrites(write, Math.min(50, WRITES)); // warm-up
  const rounds: { on: number; off: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const on = await timeWrites(write, WRITES);
    await switchAuditTriggers(db, false);
    const off = await timeWrites(write, WRITES).finally(() => switchAuditTriggers(db, true));
    rounds.push({ on, off });
  }
  const on = Math.max(...rounds.map((r) => r.on));
  const off = Math.max(...rounds.map((r) => r.off));
  const ratio = on / off;
  console.log(
    `\n  write (PUT /api/products-v2, a title changed) p95: recorded ${on.toFixed(2)} ms, not recorded ${off.toFixed(2)} ms: ${ratio.toFixed(2)}x ${mark(ratio <= GOAL_RECORDING)} (goal <= ${GOAL_RECORDING}x; rounds: ${rounds.map((r) => (r.on / r.off).toFixed(2)).join(', ')}; ${WRITES} writes a round from one connection, the worst round's p95; ${loadAverage()})`,
  );
}

const percentile = (times: number[], q: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
const p99 = (times: number[]) => percentile(times, 0.99);

async function benchDatabase(kind: Kind) {
  const { database, label } = await openScratch(kind, 'mp-bench-http', args.keep!);
  console.log(`\n=== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${label}`);
  await database.db.insert(stores).values({ id: STORE, shopName: 'Bench Marketplace' });
  const seeded = await seedBulkProducts(database.db, STORE, ROWS);
  await database.db.insert(users).values({
    storeId: STORE,
    email: VENDOR,
    name: 'Bench Vendor',
    vendorId: seeded.bigVendor,
    passwordHash: await hashPassword(PASSWORD),
  });
  console.log(`  seeded ${fmt(ROWS)} products`);
  const base = await startApp(database);
  const session = await signIn(base, STORE, VENDOR, PASSWORD);
  const client = (database.db as unknown as { $client: SqlClient }).$client;

  const calls = [
    { name: 'signed-in list (products-v2, vendor)', path: '/api/products-v2?status=DRAFT&stock=any&sort=UPDATED_AT', headers: session },
    { name: 'public (store/registration)', path: `/api/store/registration?store=${STORE}`, headers: {} as Record<string, string> },
  ];
  // Every call's statements and answer are recorded before any load: recorded after one, they took
  // in the statements of the requests the app was still answering (the public call's bare server
  // then replayed hundreds of list queries a request).
  const recorded = [];
  for (const call of calls) {
    const get = () => fetch(base + call.path, { headers: call.headers });
    await (await get()).text(); // the session's first check, as any later call would have had
    let body = '';
    const statements = await recordStatements(database.db, async () => {
      const res = await get();
      body = await res.text();
      if (res.status !== 200) throw new Error(`${call.path}: ${res.status} ${body}`);
    });
    // The job queue's poller may run meanwhile: its statements are not the call's.
    recorded.push({
      call,
      bare: await bareServer(
        client,
        statements.filter((s) => !/\bjobs\b/i.test(s.text)),
        body,
      ),
    });
  }
  console.log(
    `\n  ${'call'.padEnd(38)} ${'app req/s'.padStart(10)} ${'p99'.padStart(6)} ${'bare req/s'.padStart(11)} ${'p99'.padStart(6)}  ratio`,
  );
  for (const { call, bare } of recorded) {
    // Both servers warmed up first (the app's first seconds are V8 compiling its request path; the bare server has next to none).
    for (const [url, headers] of [
      [base + call.path, call.headers],
      [bare, {}],
    ] as const) {
      await load(url, headers, WARMUP);
      await drain(url, headers);
    }
    // Rounds in turn (app, bare, app, bare...): a shared machine's bursts weigh on both alike.
    const runs: { app: Load; bare: Load }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const app = await load(base + call.path, call.headers);
      await drain(base + call.path, call.headers);
      const plain = await load(bare, {});
      await drain(bare, {});
      runs.push({ app, bare: plain });
    }
    const app = combined(runs.map((r) => r.app));
    const plain = combined(runs.map((r) => r.bare));
    const ratio = plain.rps > 0 ? app.rps / plain.rps : null;
    const bad = (who: string, l: Load) => (l.non2xx + l.errors ? `; ${who}: ${l.non2xx} non-2xx, ${l.errors} errors or timeouts` : '');
    console.log(
      `  ${call.name.padEnd(38)} ${fmt(Math.round(app.rps)).padStart(10)} ${String(app.p99).padStart(6)} ${fmt(Math.round(plain.rps)).padStart(11)} ${String(plain.p99).padStart(6)}  ${
        ratio === null ? 'n/a  MISS (the bare server answered nothing in time)' : `${ratio.toFixed(2)} ${mark(ratio >= GOAL_RATIO)}`
      } (rounds: ${runs.map((r) => (r.bare.rps > 0 ? (r.app.rps / r.bare.rps).toFixed(2) : 'n/a')).join(', ')})${bad('app', app)}${bad('bare', plain)}`,
    );
  }
  console.log(
    `  (${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each in turn after ${WARMUP} s of warm-up; req/s the rounds' mean, p99 the worst; p99 in ms; bare = node:http running the call's statements and answering its JSON; ${loadAverage()})`,
  );

  await benchRecording(base, session, database.db, seeded.bigVendor);

  // A cheap call while sign-ins hash: the hashing must stay off the event loop.
  const rounds = await probeHealth({
    base,
    store: STORE,
    email: VENDOR,
    password: PASSWORD,
    signIns: SIGN_INS,
    bursts: BURSTS,
    idleMs: 1500,
    warmup: 200,
    warmupSignIns: WARMUP_SIGN_INS,
  });
  const idle = rounds.flatMap((r) => r.idle);
  const busy = rounds.flatMap((r) => r.busy);
  const ratio = p99(busy) / p99(idle);
  console.log(
    `\n  GET /api/health p99: idle ${p99(idle).toFixed(1)} ms (${fmt(idle.length)} calls), during ${SIGN_INS} sign-ins at once ${p99(busy).toFixed(1)} ms (${fmt(busy.length)} calls over ${BURSTS} bursts of ${rounds.map((r) => fmt(Math.round(r.burstMs))).join(', ')} ms): ${ratio.toFixed(2)}× idle (bursts: ${rounds.map((r) => (p99(r.busy) / p99(r.idle)).toFixed(2)).join(', ')}; one connection, from a worker thread, after ${WARMUP_SIGN_INS} sign-ins of warm-up; ${loadAverage()})`,
  );
  console.log('\n  goals (the exit code does not depend on them):');
  console.log(
    `  ${mark(ratio <= GOAL_HASHING)} p99 of a cheap call during ${SIGN_INS} sign-ins at most ${GOAL_HASHING}× idle: ${ratio.toFixed(2)}×`,
  );
  console.log(`  (app / bare requests per second at least ${GOAL_RATIO}: per call above)`);
  await runCleanups();
}

await runBenchmark(
  'http',
  `${fmt(ROWS)} products, 50 vendors; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s`,
  { runs: 0, warmup: 0, db: args.db! },
  benchDatabase,
);
