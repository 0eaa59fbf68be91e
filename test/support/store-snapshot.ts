import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';

/**
 * Tables a refused request may legitimately write: a refused sign-in is counted (login throttling),
 * and every call to a rate-limited route counts against its limit, refused or not.
 * Everything else must stay as it was after a 4xx.
 */
const VOLATILE = new Set(['login_failures', 'rate_limit_hits']);

const tablesOf = new WeakMap<Db, Promise<string[]>>();

/** The store's tables, read once per database (a test never creates tables). */
function tableNames(db: Db): Promise<string[]> {
  let names = tablesOf.get(db);
  if (!names) {
    names = (
      db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ) as unknown as Promise<{ rows: { name: string }[] }>
    ).then((result) =>
      // The audit log's months only record writes to the other tables (in the same transaction), including the volatile ones.
      result.rows.map((r) => r.name).filter((name) => !VOLATILE.has(name) && !name.startsWith('audit_log')),
    );
    tablesOf.set(db, names);
  }
  return names;
}

/** A store's state: each table's fingerprint. */
export interface StoreSnapshot {
  tables: Record<string, string>;
}

/**
 * The transaction id the database would have handed out next when a snapshot was taken. Kept beside
 * the snapshot, not in it: on PostgreSQL the ids are the server's, so another test's database moves
 * them, and two snapshots of an unchanged store must still be equal.
 */
const nextXidAt = new WeakMap<StoreSnapshot, string>();

/**
 * Every table's row count and newest row version (the greatest `xmin`), in one statement. PostgreSQL
 * (and PGlite) never changes a row in place: an insert or an update writes a row version stamped
 * with its transaction's id, and a test's requests run one after another, so a later committed write
 * always carries a greater id than every row before it; a delete lowers the count. So two equal
 * snapshots mean no row was written, at a fraction of the cost of hashing every row's content.
 *
 * Given the previous snapshot, the tables are read again only when some transaction took an id since
 * (`pg_snapshot_xmax`, read without taking one): a write cannot commit without one, and most refused
 * requests never start a write.
 */
export async function snapshotStore(db: Db, since?: StoreSnapshot): Promise<StoreSnapshot> {
  const xid = (await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`)) as unknown as {
    rows: { next: string }[];
  };
  const nextXid = xid.rows[0].next;
  if (since && nextXidAt.get(since) === nextXid) return since;
  const names = await tableNames(db);
  const parts = names.map(
    (name) => `select '${name}' as name, count(*)::int as rows, coalesce(max(xmin::text::bigint), 0)::text as newest from "${name}"`,
  );
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: { name: string; rows: number; newest: string }[];
  };
  const snapshot = { tables: Object.fromEntries(result.rows.map((r) => [r.name, `${r.rows}:${r.newest}`])) };
  nextXidAt.set(snapshot, nextXid);
  return snapshot;
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: StoreSnapshot, after: StoreSnapshot): string[] {
  return [...new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])].filter(
    (name) => before.tables[name] !== after.tables[name],
  );
}
