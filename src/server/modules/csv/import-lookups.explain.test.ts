import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { recordStatements, rowsReadBy } from '../../../../test/support/explain.ts';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { takenHandles } from '../products/index.ts';
import { findMatches, type MatchKey } from './import-scope.ts';

/** Products added after the tables' statistics were taken, as an import's first pages add them to a new store. */
const GROWN = 30_000;
const LOOKED_UP = 500;

/**
 * An import into a new store looks up each page's SKUs and handles while its own earlier pages
 * grow the tables faster than autovacuum analyses them. Each lookup must still read only the rows
 * it looks for, not the store's whole range of the index (which every page would read again, longer).
 * PostgreSQL only: PGlite has no planner statistics worth the name to go stale.
 */
describe.skipIf(!process.env.DATABASE_URL)('the CSV import lookups on tables grown since their statistics (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`analyze products`);
    await t.db.execute(sql`analyze product_variants`);
    const { rows } = (await t.db.execute(sql`select id from vendors where store_id = 'demo' limit 1`)) as unknown as {
      rows: { id: string }[];
    };
    const vendorId = rows[0].id;
    await t.db.execute(sql`
      with inserted as (
        insert into products (store_id, vendor_id, handle, title, body_html, status, approved, currency)
        select 'demo', ${vendorId}::uuid, 'grown-' || g, 'Grown ' || g, '', 'DRAFT', true, 'USD' from generate_series(1, ${GROWN}::int) g
        returning id, store_id, vendor_id, handle
      )
      insert into product_variants (product_id, store_id, vendor_id, sku, price)
      select id, store_id, vendor_id, 'GROWN-' || substr(handle, 7), 1000 from inserted`);
  }, 120_000);
  afterAll(() => t?.close());

  const keys = (handles: boolean): MatchKey[] =>
    Array.from({ length: LOOKED_UP }, (_, i) => ({
      line: i + 2,
      id: '',
      handle: handles ? `grown-${GROWN - i}` : '',
      vendor: '',
      title: `Grown ${GROWN - i}`,
      variants: [{ sku: handles ? '' : `grown-${GROWN - i}` }],
    }));

  it('matching a page by SKU and by handle reads only the matched products and variants', async () => {
    for (const byHandle of [false, true]) {
      let matched = 0;
      const statements = await recordStatements(t.db, async () => {
        const matchOf = await findMatches(t.db, { storeId: 'demo', vendorId: null }, keys(byHandle), 2);
        matched = keys(byHandle).filter((k) => matchOf(k) && matchOf(k) !== 'unknown-id').length;
      });
      expect(matched).toBe(LOOKED_UP);
      // Each key finds one row (a handle is also probed with its -2 ... -11 suffixes, which find none).
      const overRead: string[] = [];
      for (const statement of statements) {
        const read = await rowsReadBy(t.db, statement, ['products', 'product_variants']);
        for (const [table, rows] of Object.entries(read))
          if (rows > LOOKED_UP) overRead.push(`${rows} rows of ${table} read by ${statement.text.slice(0, 160)}`);
      }
      expect(overRead).toEqual([]);
    }
  });

  it('the handles a page plans are checked one index probe each', async () => {
    const handles = keys(true).flatMap((k) => (k.handle ? [k.handle] : []));
    let taken = 0;
    const statements = await recordStatements(t.db, async () => {
      taken = (await takenHandles(t.db, 'demo', handles)).length;
    });
    expect(taken).toBe(LOOKED_UP);
    for (const statement of statements) expect(await rowsReadBy(t.db, statement, ['products'])).toEqual({ products: LOOKED_UP });
  });
});
