import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { rowsOf } from '../products/index.ts';

/**
 * Many change records in one store, for the benchmark and the EXPLAIN checks, written straight into
 * audit_log over the last 12 months (its partitions made first): a quarter each of products,
 * orders, vendors and settings, by admins, vendors, jobs and buyers; 50 people, 50,000 objects
 * ("Object 4242"), spread over `vendorIds`. Tops the store up to `total` records, then analyses.
 */
export async function seedBulkAuditRecords(db: Db, storeId: string, total: number, vendorIds: string[], batch = 100_000) {
  await db.execute(sql`SELECT audit_log_add_partitions((now() - interval '12 months')::date, 14)`);
  const [{ n: existing }] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE store_id = ${storeId}`),
  );
  for (let done = existing; done < total; done += batch) {
    const size = Math.min(batch, total - done);
    await db.execute(sql`
      INSERT INTO audit_log (store_id, created_at, xact_id, actor_kind, actor_name, area, entity, entity_id, entity_label, vendor_id, action, changes)
      SELECT ${storeId}, now() - (random() * interval '360 days'), i, (ARRAY['admin','vendor','job','public'])[1 + i % 4], 'Person ' || (i % 50),
        (ARRAY['products','orders','vendors','settings'])[1 + i % 4], (ARRAY['products','orders','vendors','stores'])[1 + i % 4],
        'e' || (i % 50000), 'Object ' || (i % 50000), (${`{${vendorIds.join(',')}}`}::uuid[])[1 + i % ${vendorIds.length}], 'update',
        jsonb_build_object('title', jsonb_build_object('from', 'a', 'to', 'b'))
      FROM generate_series(${done}::int, ${done + size - 1}::int) i`);
  }
  await db.execute(sql`ANALYZE audit_log`);
}
