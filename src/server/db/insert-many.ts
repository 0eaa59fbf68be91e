import { getTableColumns, getTableName, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Inserts many rows as one statement with one parameter: the rows as JSON, read back into typed
 * columns by `jsonb_to_recordset`. Drizzle's multi-row insert builds a parameter per value and checks
 * each one, which costs more than the database's work for hundreds of rows (the CSV import's batches).
 * Same rows, same column conversions (each column's own mapping to the driver), same defaults: a
 * column no row sets is left to the database's default or the schema's `$defaultFn`. Rows that set
 * a column in some rows only, or give an SQL expression, go through drizzle's insert unchanged.
 */
export async function insertMany<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const records = rows as Record<string, unknown>[];
  const given = columns.filter(([key, column]) => !column.generated && records[0][key] !== undefined);
  const uniform = records.every((r) => given.every(([key]) => r[key] !== undefined) && Object.keys(r).filter((k) => r[k] !== undefined).length === given.length);
  const withDefaultFn = columns.filter(([key, column]) => !column.generated && records[0][key] === undefined && column.defaultFn);
  if (!uniform || records.some((r) => Object.values(r).some((v) => is(v, SQL)))) {
    await db.insert(table).values(rows);
    return;
  }
  const set = [...given, ...withDefaultFn];
  const json = records.map((record) =>
    Object.fromEntries(
      set.map(([key, column], i) => {
        const value = i < given.length ? record[key] : column.defaultFn!();
        // JSON columns take the value itself; the others their driver form (dates as ISO text).
        const driver = value === null || column.dataType === 'json' ? value : column.mapToDriverValue(value);
        return [column.name, driver];
      }),
    ),
  );
  const names = sql.join(set.map(([, column]) => sql.identifier(column.name)), sql`, `);
  const types = sql.join(set.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`), sql`, `);
  await db.execute(
    sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(${types})`,
  );
}
