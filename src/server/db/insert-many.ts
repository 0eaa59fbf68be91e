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
  const columns = writableColumns(table);
  const records = rows as Record<string, unknown>[];
  const first = records[0];
  const given = columns.filter(([key]) => first[key] !== undefined);
  const uniform = records.every((r) => given.every(([key]) => r[key] !== undefined) && Object.keys(r).filter((k) => r[k] !== undefined).length === given.length);
  const expressions = given.filter(([key]) => is(first[key], SQL));
  const sameExpressions = records.every((r) => Object.entries(r).every(([key, v]) => !is(v, SQL) || v === first[key]));
  const withDefaultFn = columns.filter(([key, column]) => first[key] === undefined && column.defaultFn);
  const set = [...given.filter(([key]) => !is(first[key], SQL)), ...withDefaultFn];
  if (!uniform || !sameExpressions || set.length === 0) {
    await db.insert(table).values(rows);
    return;
  }
  const json = records.map((record) => jsonOf(set, record));
  const names = sql.join([...set, ...expressions].map(([, column]) => sql.identifier(column.name)), sql`, `);
  const values = sql.join([...set.map(([, column]) => sql.identifier(column.name)), ...expressions.map(([key]) => first[key] as SQL)], sql`, `);
  await db.execute(
    sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${values} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(${recordTypes(set)})`,
  );
}

/** A row's given values by column name in their driver form, a `$defaultFn` column's default computed. */
function jsonOf(columns: [string, PgColumn][], record: Record<string, unknown>) {
  const json: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = record[key] !== undefined ? record[key] : column.defaultFn!();
    // JSON columns take the value itself; the others their driver form (dates as ISO text).
    json[column.name] = value === null || column.dataType === 'json' ? value : column.mapToDriverValue(value);
  }
  return json;
}

const recordTypes = (columns: [string, PgColumn][]) => sql.join(columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`), sql`, `);

/**
 * A row in the JSON form `insertFromJson` writes back into the table: every column the row sets (or
 * a `$defaultFn` gives) under its database name, as the driver takes it. For rows kept in the
 * database before they are written (the CSV import's staged products).
 */
export function jsonRowOf<T extends PgTable>(table: T, row: PgInsertValue<T>): Record<string, unknown> {
  const record = row as Record<string, unknown>;
  return jsonOf(
    writableColumns(table).filter(([key, column]) => record[key] !== undefined || column.defaultFn),
    record,
  );
}

/** A table's columns that an insert writes (not generated), worked out once per table: an import asks per row. */
const writable = new WeakMap<PgTable, [string, PgColumn][]>();
function writableColumns(table: PgTable): [string, PgColumn][] {
  let columns = writable.get(table);
  if (!columns) writable.set(table, (columns = (Object.entries(getTableColumns(table)) as [string, PgColumn][]).filter(([, column]) => !column.generated)));
  return columns;
}

/**
 * Inserts rows kept as JSON in the database (`jsonRowOf`'s form) without reading them back:
 * `insert into table select ... from <from>, jsonb_to_record(<json>) r [where]` (`jsonb_to_recordset`
 * with `many`, for an array of rows). Every column of the table is written: staged in the JSON, or
 * computed by the database at the write (`computed`, given the staged value, e.g. a time: now()).
 */
export async function insertFromJson<T extends PgTable>(
  db: Db,
  table: T,
  source: { from: SQL; json: SQL; where: SQL; many?: boolean; computed?: Partial<Record<keyof T['_']['columns'], (staged: SQL) => SQL>> },
): Promise<void> {
  const columns = writableColumns(table);
  const computed = (source.computed ?? {}) as Record<string, (staged: SQL) => SQL>;
  const staged = (column: PgColumn) => sql`r.${sql.identifier(column.name)}`;
  const names = sql.join(columns.map(([, column]) => sql.identifier(column.name)), sql`, `);
  const values = sql.join(columns.map(([key, column]) => (computed[key] ? computed[key](staged(column)) : staged(column))), sql`, `);
  const toRecord = source.many ? sql`jsonb_to_recordset` : sql`jsonb_to_record`;
  await db.execute(
    sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${values} from ${source.from}, ${toRecord}(${source.json}) as r(${recordTypes(columns)}) where ${source.where}`,
  );
}
