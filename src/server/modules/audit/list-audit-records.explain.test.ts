import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditQuerySchema, type AuditQuery } from '#shared/schemas/audit';
import { recordStatements, rowsReadBy } from '../../../../test/support/explain.ts';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { rowsOf } from '../products/index.ts';
import { listAuditRecords, type AuditScope } from './list-audit-records.ts';
import { seedBulkAuditRecords } from './seed-bulk-audit-records.ts';

/**
 * The change history's list reads indexes at a realistic size: each filter, the words search
 * (trigrams) and a page deep in the cursor read about a page of records, never a store's months.
 * Runs on PostgreSQL only (DATABASE_URL), with AUDIT_EXPLAIN_ROWS records (200,000 by default).
 */
const ROWS = Number(process.env.AUDIT_EXPLAIN_ROWS ?? 200_000);
/** A page (51 records), each one's ledger lookup (a record of its transaction) and the matches of a selective search, with room. */
const MOST_ROWS_READ = 1_000;

describe.skipIf(!process.env.DATABASE_URL)('change history queries at scale (PostgreSQL)', () => {
  let t: TestApp;
  const vendorIds = Array.from({ length: 20 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  beforeAll(async () => {
    t = await createTestApp();
    await seedBulkAuditRecords(t.db, 'demo', ROWS, vendorIds);
  }, 600_000);
  afterAll(() => t?.close());

  it('every filter, the words search and a deep page read about a page of records', async () => {
    const tables = [
      'audit_log',
      ...rowsOf<{ name: string }>(
        await t.db.execute(sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'audit_log'::regclass`),
      ).map((row) => row.name),
    ];
    const admin: AuditScope = { storeId: 'demo', vendorId: null };
    const vendor: AuditScope = { storeId: 'demo', vendorId: vendorIds[3] };
    let deep: string | undefined;
    for (let i = 0; i < 20; i++) deep = (await listAuditRecords(t.db, admin, AuditQuerySchema.parse({ after: deep }))).next ?? undefined;
    const cases: [string, AuditScope, Partial<AuditQuery>][] = [
      ['first page', admin, {}],
      ['page 21 by cursor', admin, { after: deep }],
      ["a vendor's own", vendor, {}],
      ['area', admin, { area: 'orders' }],
      ['who', admin, { actorKind: 'job' }],
      ['one object and its parts', admin, { entity: 'products', entityId: 'e400' }],
      ['words', admin, { q: 'Object 4242' }],
      ['common words', admin, { q: 'Person 1' }],
      ['words of a vendor', vendor, { q: 'Object 4243' }],
    ];
    const read: Record<string, number> = {};
    for (const [name, scope, query] of cases) {
      const parsed = AuditQuerySchema.parse(query);
      for (const statement of await recordStatements(t.db, () => listAuditRecords(t.db, scope, parsed))) {
        if (!/FROM audit_log/i.test(statement.text)) continue;
        const rows = Object.values(await rowsReadBy(t.db, statement, tables)).reduce((sum, n) => sum + n, 0);
        read[name] = (read[name] ?? 0) + rows;
      }
    }
    expect(Object.entries(read).filter(([, rows]) => rows > MOST_ROWS_READ)).toEqual([]);
    // The search found what it looked for: the trigram index answers, not an empty result.
    expect((await listAuditRecords(t.db, admin, AuditQuerySchema.parse({ q: 'Object 4242' }))).records.length).toBeGreaterThan(0);
  }, 300_000);
});
