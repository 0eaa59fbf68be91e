import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf, recordStatements, unboundedSeqScans } from '../../../../test/support/explain.ts';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import type { AuthContext } from '#server/http/policy';
import { listOrders } from './list-orders.ts';
import { seedBulkOrders } from './seed-bulk-orders.ts';

/**
 * The order list reads indexes, never a whole orders table, at a realistic size. Runs on
 * PostgreSQL only (DATABASE_URL), with ORDERS_EXPLAIN_ROWS orders (200,000 by default; the figures
 * in docs/benchmarks.md come from 1,000,000).
 */
const ROWS = Number(process.env.ORDERS_EXPLAIN_ROWS ?? 200_000);
const BIG_TABLES = ['orders', 'vendor_orders', 'order_lines'];

describe.skipIf(!process.env.DATABASE_URL)('order list queries at scale (PostgreSQL)', () => {
  let t: TestApp;
  let vendorId: string;
  beforeAll(async () => {
    t = await createTestApp();
    [vendorId] = (await seedBulkOrders(t.db, 'demo', ROWS)).vendorIds;
  }, 600_000);
  afterAll(() => t?.close());

  it('every filter, search, page and count reads an index (no unbounded sequential scan of orders, vendor orders or lines)', async () => {
    const admin = {
      userId: '00000000-0000-0000-0000-000000000000',
      storeId: 'demo',
      email: '',
      name: null,
      isAdmin: true,
      vendor: '*',
      vendorId: null,
    } as AuthContext;
    const vendor = { ...admin, isAdmin: false, vendor: 'Bulk Seller 00', vendorId };
    const cases: [string, AuthContext, Record<string, unknown>][] = [
      ['first page', admin, {}],
      ['page 400', admin, { page: 400 }],
      ['unfulfilled', admin, { fulfillment: 'unfulfilled' }],
      ['cancelled', admin, { fulfillment: 'cancelled' }],
      ['payout due', admin, { payout: 'due' }],
      ['last month', admin, { period: 'month' }],
      ['order number', admin, { q: '#10123' }],
      ['buyer e-mail', admin, { q: 'buyer77@bulk.test' }],
      ['vendor, cancelled', vendor, { fulfillment: 'cancelled' }],
      ['vendor, payout paid', vendor, { payout: 'paid', page: 10 }],
    ];
    const seqScans: string[] = [];
    for (const [name, auth, query] of cases) {
      for (const statement of await recordStatements(t.db, () => listOrders(t.ctx, auth, query))) {
        for (const table of unboundedSeqScans(await planOf(t.db, statement), BIG_TABLES))
          seqScans.push(`${name}: ${table} in ${statement.text.slice(0, 120)}`);
      }
    }
    expect(seqScans).toEqual([]);
  }, 120_000);
});
