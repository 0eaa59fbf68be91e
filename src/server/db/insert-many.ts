import { getTableColumns, getTableName, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Inserts many rows as one statement with one parameter: the rows as JSON, read back into typed
 * columns by `jsonb_to_recordset`. Drizzle's multi-row insert builds a parameter per value and checks
 * each one, which costs more than the database's work for hundreds of rows (the CSV import's batches).
 * Same rows, same column conversions (each column's own mapping to the driver), same defaults: a
 * column no row sets is left to the database's default or the schema's `$defaultFn`. A column that
 * every row sets to the same SQL expression object (e.g. one `clock_timestamp()`) is computed by the
 * database for each row. Rows that set a column in some rows only, or differing SQL expressions, go
 * through drizzle's insert unchanged.
 */
export async function insertMany<T extends PgTable>(db: Db, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const records = rows as Record<string, unknown>[];
  const first = records[0];
  const given = columns.filter(([key, column]) => !column.generated && first[key] !== undefined);
  const uniform = records.every((r) => given.every(([key]) => r[key] !== undefined) && Object.keys(r).filter((k) => r[k] !== undefined).length === given.length);
  const expressions = given.filter(([key]) => is(first[key], SQL));
  const sameExpressions = records.every((r) => Object.entries(r).every(([key, v]) => !is(v, SQL) || v === first[key]));
  const withDefaultFn = columns.filter(([key, column]) => !column.generated && first[key] === undefined && column.defaultFn);
  const set = [...given.filter(([key]) => !is(first[key], SQL)), ...withDefaultFn];
  if (!uniform || !sameExpressions || set.length === 0) {
    await db.insert(table).values(rows);
    return;
  }
  const json = records.map((record) =>
    Object.fromEntries(
      set.map(([key, column]) => {
        const value = record[key] !== undefined ? record[key] : column.defaultFn!();
        // JSON columns take the value itself; the others their driver form (dates as ISO text).
        const driver = value === null || column.dataType === 'json' ? value : column.mapToDriverValue(value);
        return [column.name, driver];
      }),
    ),
  );
  const names = sql.join([...set, ...expressions].map(([, column]) => sql.identifier(column.name)), sql`, `);
  const values = sql.join([...set.map(([, column]) => sql.identifier(column.name)), ...expressions.map(([key]) => first[key] as SQL)], sql`, `);
  const types = sql.join(set.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`), sql`, `);
  await db.execute(
    sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${values} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(${types})`,
  );
}
