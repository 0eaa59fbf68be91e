/**
 * The change history (GET audit/records' query) at scale on PostgreSQL: seeds records (1,000,000 by
 * default) over the last 12 months for one store and 20 vendors straight into audit_log, then times
 * the list's query for an admin and a vendor, with each filter and a page deep in the cursor. The
 * goal is p95 <= 50 ms at a million records.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mp_bench npm run bench:audit-log -- [--records N] [--runs 100]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { AuditQuerySchema, type AuditQuery } from '../src/shared/schemas/audit.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { listAuditRecords, type AuditScope } from '../src/server/modules/audit/list-audit-records.ts';
import { seedBulkAuditRecords } from '../src/server/modules/audit/seed-bulk-audit-records.ts';

const { values } = parseArgs({ options: { records: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '100' } } });
const RECORDS = Number(values.records);
const RUNS = Number(values.runs);
const STORE = 'bench-audit';
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL database');

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const { db } = database;
// The same vendors on every run, so a run on an already seeded database reads a vendor's own records.
const vendors = Array.from({ length: 20 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
await db.execute(sql`INSERT INTO stores (id, shop_name) VALUES (${STORE}, 'Audit bench') ON CONFLICT DO NOTHING`);
console.log(`seeding up to ${RECORDS} records…`);
await seedBulkAuditRecords(db, STORE, RECORDS, vendors);

const admin: AuditScope = { storeId: STORE, vendorId: null };
const vendor: AuditScope = { storeId: STORE, vendorId: vendors[3] };
const deep = await (async () => {
  let after: string | undefined;
  for (let i = 0; i < 20; i++) after = (await listAuditRecords(db, admin, AuditQuerySchema.parse({ after }))).next ?? undefined;
  return after;
})();
const cases: [string, AuditScope, Partial<AuditQuery>][] = [
  ['first page (admin)', admin, {}],
  ['page 21 by cursor (admin)', admin, { after: deep }],
  ['own records (vendor)', vendor, {}],
  ['area orders (admin)', admin, { area: 'orders' }],
  ['who: jobs (admin)', admin, { actorKind: 'job' }],
  ['one object (admin)', admin, { entity: 'products', entityId: 'e400' }],
  [
    'a month (admin)',
    admin,
    {
      from: new Date(Date.now() - 90 * 864e5).toISOString().slice(0, 10),
      to: new Date(Date.now() - 60 * 864e5).toISOString().slice(0, 10),
    },
  ],
  ['words (admin)', admin, { q: 'Object 4242' }],
  ['common words (admin)', admin, { q: 'Person 1' }],
];
console.log(`${RECORDS} records, ${RUNS} runs each`);
for (const [name, scope, query] of cases) {
  const parsed = AuditQuerySchema.parse(query);
  const times: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const start = performance.now();
    await listAuditRecords(db, scope, parsed);
    if (i >= 5) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(`${name.padEnd(30)} p50 ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms`);
}
await database.close();
