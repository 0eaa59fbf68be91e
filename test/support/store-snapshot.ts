import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';

/**
 * Tables a refused request may legitimately write: a refused sign-in is counted (login throttling),
 * and every call to a rate-limited route counts against its limit, refused or not.
 * Everything else must stay as it was after a 4xx.
 */
const VOLATILE = new Set(['login_failures', 'rate_limit_hits']);

async function tableNames(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((r) => r.name).filter((name) => !VOLATILE.has(name));
}

/**
 * Every table's rows, in a stable order, as one fingerprint per table (an md5 of the ordered rows,
 * in a single statement so a check after each request stays cheap).
 */
export async function snapshotStore(db: Db): Promise<Record<string, string>> {
  const names = await tableNames(db);
  const parts = names.map(
    (name) => `select '${name}' as name, count(*)::int as rows, md5(coalesce(string_agg(to_jsonb(t)::text, ',' order by to_jsonb(t)::text), '')) as digest from "${name}" t`,
  );
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as { rows: { name: string; rows: number; digest: string }[] };
  return Object.fromEntries(result.rows.map((r) => [r.name, `${r.rows}:${r.digest}`]));
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => before[name] !== after[name]);
}
