import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

type ArrayType = 'text' | 'uuid' | 'int';

/**
 * `expr = any($1::type[])`: a list of any length as one parameter. Drizzle's `inArray` sends a
 * parameter per value and types each one as it builds the statement, which costs more than the
 * lookup itself for the CSV import's thousands of SKUs and handles a batch; and a statement whose
 * text does not change with the list's length is prepared once.
 */
export const anyOf = (expr: SQLWrapper, values: readonly (string | number)[], type: ArrayType): SQL =>
  sql`${expr} = any(${sql.param(values)}::${sql.raw(type)}[])`;

/**
 * The rows `lookup(v)` finds for each of `values` (a select that reads the value as `v`), one index
 * probe per value whatever the table's statistics. With `col = any(values)` the planner weighs
 * probing each value against reading the store's whole range of the index and filtering it; on a
 * table that grew since its statistics were taken (an import's first thousands of products in a new
 * store) it reads the range, and every page of the import reads a longer one (27 ms a page at
 * 86,000 variants, against 2.5 ms probing). `offset 0` keeps the lookup a subquery run per value:
 * flattened into a join, the planner could hash it against the same range.
 */
export async function probeEach<T>(db: Db, values: readonly (string | number)[], type: ArrayType, lookup: (v: SQL) => SQL): Promise<T[]> {
  const distinct = [...new Set(values)];
  if (distinct.length === 0) return [];
  const result = await db.execute(
    sql`select m.* from unnest(${sql.param(distinct)}::${sql.raw(type)}[]) as k(v) cross join lateral (${lookup(sql`k.v`)} offset 0) as m`,
  );
  return (result as unknown as { rows: T[] }).rows;
}

/** probeEach's rows of `table` whole, as drizzle's `select().from(table)` answers them (each column mapped from the driver's value). */
export async function probeRows<T extends PgTable>(
  db: Db,
  table: T,
  values: readonly (string | number)[],
  type: ArrayType,
  where: (v: SQL) => SQL,
): Promise<T['$inferSelect'][]> {
  const raw = await probeEach<Record<string, unknown>>(db, values, type, (v) => sql`select * from ${table} where ${where(v)}`);
  const columns = Object.entries(getTableColumns(table));
  return raw.map(
    (row) =>
      Object.fromEntries(
        columns.map(([key, column]) => [key, row[column.name] === null ? null : column.mapFromDriverValue(row[column.name])]),
      ) as T['$inferSelect'],
  );
}
