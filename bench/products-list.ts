/**
 * The product list at scale: seeds BENCH_ROWS products (1,000,000 by default) into a scratch
 * PostgreSQL database next to DATABASE_URL's, then times every list/search/count shape (median and
 * 95th percentile of 20 runs) and prints the indexes each one reads. Run: `npm run bench:products-list`.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { stores } from '../src/server/db/schema/index.ts';
import { rowsOf } from '../src/server/modules/products/list-products.ts';
import { listQueryShapes, seedBulkProducts } from '../src/server/modules/products/seed-bulk-products.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  process.exit(1);
}
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const name = 'mp_bench_products';
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: target.toString() });
try {
  await database.db.insert(stores).values({ id: 'bench', shopName: 'Bench' });
  const started = performance.now();
  const { bigVendor, smallVendor } = await seedBulkProducts(database.db, 'bench', rows);
  console.log(`seeded ${rows} products in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const shapes = await listQueryShapes(database.db, 'bench', { bigVendor, smallVendor, count: rows });
  console.log('shape'.padEnd(32), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), ' indexes');
  for (const [shape, query] of Object.entries(shapes)) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await database.db.execute(query);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const [explained] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(await database.db.execute(sql`explain (format json) ${query}`));
    const nodes = nodesOf(explained['QUERY PLAN'][0].Plan);
    const indexes = [...new Set(nodes.map((n) => n['Index Name']).filter(Boolean))];
    const seq = nodes.some((n) => n['Node Type'] === 'Seq Scan' && ['products', 'product_variants'].includes(n['Relation Name'] ?? '')) ? ' SEQ SCAN' : '';
    console.log(shape.padEnd(32), times[9].toFixed(1).padStart(8), times[18].toFixed(1).padStart(8), ` ${indexes.join(', ')}${seq}`);
  }
} finally {
  await database.close();
  // The pool's connections close asynchronously: wait for them rather than force them out.
  for (let attempt = 0; !process.env.BENCH_KEEP && attempt < 20; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await admin.end();
}
