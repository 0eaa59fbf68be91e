import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** How many rows of `table` match, counting no further than `limit`: a count that never walks a whole table. */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, limit: number): Promise<number> {
  const rows = db.select({ one: sql`1` }).from(table).where(where).limit(limit).as('counted');
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(rows);
  return n;
}
