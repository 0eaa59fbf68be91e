/**
 * The change history (GET audit/records' query) at scale on PostgreSQL: seeds records (1,000,000 by
 * default) over the last 12 months for one store and 20 vendors straight into audit_log, then times
 * the list's query for an admin and a vendor, with each filter and a page deep in the cursor. The
 * goal is p95 <= 50 ms at a million records.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mp_bench npm run bench:audit-log -- [--records N] [--runs 100]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { AuditQuerySchema, type AuditQuery } from '../src/shared/schemas/audit.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { listAuditRecords, type AuditScope } from '../src/server/modules/audit/list-audit-records.ts';

const { values } = parseArgs({ options: { records: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '100' } } });
const RECORDS = Number(values.records);
const RUNS = Number(values.runs);
const STORE = 'bench-audit';
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL database');

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const { db } = database;
const vendors = Array.from({ length: 20 }, () => randomUUID());
await db.execute(sql`INSERT INTO stores (id, shop_name) VALUES (${STORE}, 'Audit bench') ON CONFLICT DO NOTHING`);
await db.execute(sql`SELECT audit_log_add_partitions((now() - interval '12 months')::date, 14)`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const [{ n: existing }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE store_id = ${STORE}`));
console.log(`seeding ${RECORDS - existing} records…`);
for (let done = existing; done < RECORDS; done += 100_000) {
  const batch = Math.min(100_000, RECORDS - done);
  await db.execute(sql`
    INSERT INTO audit_log (store_id, created_at, xact_id, actor_kind, actor_name, area, entity, entity_id, entity_label, vendor_id, action, changes)
    SELECT ${STORE}, now() - (random() * interval '360 days'), i, (ARRAY['admin','vendor','job','public'])[1 + i % 4], 'Person ' || (i % 50),
      (ARRAY['products','orders','vendors','settings'])[1 + i % 4], (ARRAY['products','orders','vendors','stores'])[1 + i % 4],
      'e' || (i % 50000), 'Object ' || (i % 50000), (${`{${vendors.join(',')}}`}::uuid[])[1 + i % 20], 'update',
      jsonb_build_object('title', jsonb_build_object('from', 'a', 'to', 'b'))
    FROM generate_series(${done}::int, ${done + batch - 1}::int) i`);
}
await db.execute(sql`ANALYZE audit_log`);

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
