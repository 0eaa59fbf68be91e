import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp, SERVER_MODULES } from './app.ts';
import { seedDemoIfEmpty } from './demo/seed-demo.ts';
import { seedDemoSales } from './demo/seed-demo-sales.ts';
import { startModules } from './server-module.ts';
import path from 'node:path';
import { keepHeapNearLiveSize } from './lib/heap.ts';

keepHeapNearLiveSize();

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
});
const seeded = await seedDemoIfEmpty(database, config);
const { app, ctx } = await buildApp({ config, database });
if (seeded?.fresh) await seedDemoSales(ctx);
await app.listen({ port: config.port, host: config.host });
ctx.jobs.start();
await startModules(ctx, SERVER_MODULES);

const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/app`;
console.log(`\n  Marketplace back-office is running at ${url}`);
console.log(
  `  Database: ${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'}; mail: ${ctx.mailer.transportKind}`,
);
if (seeded) {
  console.log('\n  Demo credentials (store "demo"; for trying the product only):');
  for (const email of seeded.emails) console.log(`    ${email}  /  ${seeded.password}`);
}
console.log('');

/**
 * Graceful shutdown: the server stops listening and answers 503 to new requests on open connections
 * (so /api/ready fails and a load balancer moves on), requests in flight finish, the job runner asks
 * its job to hand over and gives back any claim it still holds, then the database is closed. A
 * second signal (Ctrl-C reaches both `npm start` and this process) changes nothing; a shutdown that
 * hangs past SHUTDOWN_TIMEOUT_MS exits with 1.
 */
let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals) {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  try {
    // The job runner stops alongside the server: neither waits for the other.
    await Promise.all([ctx.jobs.stop(), app.close()]);
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
