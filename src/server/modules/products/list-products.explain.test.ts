import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { nodesOf, type PlanNode } from '../../../../test/support/explain.ts';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { rowsOf } from './list-products.ts';
import { listQueryShapes, seedBulkProducts } from './seed-bulk-products.ts';

/**
 * The list queries read indexes, never the whole products table, at a realistic size. Runs on
 * PostgreSQL only (DATABASE_URL), with PRODUCTS_EXPLAIN_ROWS products (200,000 by default; the
 * numbers in docs/benchmarks.md come from 1,000,000 with `npm run bench:products-list`).
 */
const ROWS = Number(process.env.PRODUCTS_EXPLAIN_ROWS ?? 200_000);

describe.skipIf(!process.env.DATABASE_URL)('product list queries at scale (PostgreSQL)', () => {
  let t: TestApp;
  let bigVendor: string;
  let smallVendor: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ bigVendor, smallVendor } = await seedBulkProducts(t.db, 'demo', ROWS));
  }, 600_000);
  afterAll(() => t?.close());

  async function explain(query: SQL) {
    const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
      await t.db.execute(sql`explain (analyze, format json) ${query}`),
    );
    const [{ Plan, 'Execution Time': ms }] = row['QUERY PLAN'];
    return { nodes: nodesOf(Plan), ms };
  }

  it('every list, search and count shape reads an index (no sequential scan of products or variants)', async () => {
    const shapes = await listQueryShapes(t.db, 'demo', { bigVendor, smallVendor, count: ROWS });
    const report: Record<string, string> = {};
    const seqScans: string[] = [];
    for (const [name, query] of Object.entries(shapes)) {
      const { nodes, ms } = await explain(query);
      for (const n of nodes)
        if (n['Node Type'] === 'Seq Scan' && ['products', 'product_variants'].includes(n['Relation Name'] ?? ''))
          seqScans.push(`${name}: ${n['Relation Name']}`);
      report[name] = `${ms.toFixed(1)} ms via ${[...new Set(nodes.map((n) => n['Index Name']).filter(Boolean))].join(', ')}`;
    }
    console.log(
      `product list queries on ${ROWS} products:\n${Object.entries(report)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}`,
    );
    expect(seqScans).toEqual([]);
  }, 120_000);
});
