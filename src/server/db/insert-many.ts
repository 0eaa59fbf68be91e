import { getTableColumns, getTableName, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { sameJson } from '#server/lib/same-json';
import type { Db } from './client.ts';

/**
 * Inserts many rows as one statement with one parameter: the rows as JSON, read back into typed
 * columns by `json_to_recordset` (json, not jsonb: the text is read once into the columns, not first
 * parsed into a jsonb tree). Drizzle's multi-row insert builds a parameter per value and checks
 * each one, which costs more than the database's work for hundreds of rows (the CSV import's batches).
 * Same rows, same column conversions (each column's own mapping to the driver), same defaults: a
 * column no row sets is left to the database's default or the schema's `$defaultFn`. A column that
 * every row sets to the same SQL expression object (e.g. one `clock_timestamp()`) is computed by the
 * database for each row. Rows that set a column in some rows only, or differing SQL expressions, go
 * through drizzle's insert unchanged.
 */
export async function insertMany<T extends PgTable>(db: Db, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const statement = insertManyStatement(table, rows);
  await (statement ? db.execute(statement) : db.insert(table).values(rows));
}

export interface InsertPart {
  table: PgTable;
  rows: Record<string, unknown>[];
}

/** Rows of several tables made ready to send (`prepareInserts`): one statement, or the parts when one cannot be. */
export type PreparedInserts = SQL | InsertPart[];

/**
 * Several `insertMany`s built ahead as one statement (data-modifying `with` clauses): one round trip,
 * and the JSON made before the write, so a caller can prepare its next batch's while the database
 * writes this one. Foreign keys between the parts hold (checked at the statement's end).
 */
export function prepareInserts(parts: InsertPart[]): PreparedInserts {
  const statements = parts.filter((p) => p.rows.length).map((p) => insertManyStatement(p.table, p.rows as PgInsertValue<PgTable>[]));
  if (statements.length === 0 || statements.some((s) => !s)) return parts;
  const last = statements.pop()!;
  return statements.length
    ? sql`with ${sql.join(
        statements.map((s, i) => sql`${sql.raw(`w${i}`)} as (${s})`),
        sql`, `,
      )} ${last}`
    : last;
}

/** Sends what `prepareInserts` made; parts whose rows drizzle must insert itself go one by one. */
export async function insertPrepared(db: Db, prepared: PreparedInserts): Promise<void> {
  if (!Array.isArray(prepared)) await db.execute(prepared);
  else for (const { table, rows } of prepared) await insertMany(db, table, rows);
}

/** The one statement of `insertMany`, or null when the rows must go through drizzle's insert. */
function insertManyStatement<T extends PgTable>(table: T, rows: PgInsertValue<T>[]): SQL | null {
  const columns = writableColumns(table);
  const records = rows as Record<string, unknown>[];
  const first = records[0];
  const given = columns.filter(([key]) => first[key] !== undefined);
  const expressions = given.filter(([key]) => first[key] instanceof SQL);
  const set = [
    ...given.filter(([key]) => !(first[key] instanceof SQL)),
    ...columns.filter(([key, column]) => first[key] === undefined && column.defaultFn),
  ];
  if (set.length === 0 || !records.every((r) => sameShape(r, given, first))) return null;
  // A column every row sets to the same value (the store, the batch's time, a flag, an empty list) is
  // sent once, as a parameter, instead of in every row's JSON: a third of an import page's bytes, and
  // for a jsonb column as many fewer values for the database to parse twice (the rows' JSON, then each value's).
  const shared =
    records.length > 1
      ? set.filter(
          ([key, column]) =>
            first[key] !== undefined &&
            records.every(column.dataType === 'json' ? (r) => sameJson(r[key], first[key]) : (r) => r[key] === first[key]),
        )
      : [];
  const perRow = shared.length < set.length ? set.filter((column) => !shared.includes(column)) : set;
  const once = perRow === set ? [] : shared;
  const json = records.map(jsonOf(perRow));
  const names = sql.join(
    [...perRow, ...once, ...expressions].map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const values = sql.join(
    [
      ...perRow.map(([, column]) => sql.identifier(column.name)),
      ...once.map(
        ([key, column]) => sql`${first[key] === null ? null : column.mapToDriverValue(first[key])}::${sql.raw(column.getSQLType())}`,
      ),
      ...expressions.map(([key]) => first[key] as SQL),
    ],
    sql`, `,
  );
  return sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${values} from json_to_recordset(${JSON.stringify(json)}::json) as r(${recordTypes(perRow)})`;
}

/** Whether a row sets the same columns as the first, and each SQL expression is the first's own object. */
function sameShape(row: Record<string, unknown>, given: [string, PgColumn][], first: Record<string, unknown>): boolean {
  let defined = 0;
  for (const key in row) if (row[key] !== undefined) defined++;
  if (defined !== given.length) return false;
  for (const [key] of given) {
    const value = row[key];
    if (value === undefined || (first[key] instanceof SQL ? value !== first[key] : value instanceof SQL)) return false;
  }
  return true;
}

/** A row's given values by column name in their driver form, a `$defaultFn` column's default computed. */
function jsonOf(columns: [string, PgColumn][]) {
  // A batch's rows share their times (one `now`): each Date is converted once per column.
  let lastColumn: PgColumn | undefined;
  let lastDate: unknown;
  let lastText: unknown;
  return (record: Record<string, unknown>) => {
    const json: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = record[key] !== undefined ? record[key] : column.defaultFn!();
      // JSON columns take the value itself; the others their driver form (dates as ISO text).
      if (value === null || column.dataType === 'json') json[column.name] = value;
      else if (value instanceof Date) {
        if (value !== lastDate || column !== lastColumn) [lastColumn, lastDate, lastText] = [column, value, column.mapToDriverValue(value)];
        json[column.name] = lastText;
      } else json[column.name] = column.mapToDriverValue(value);
    }
    return json;
  };
}

const recordTypes = (columns: [string, PgColumn][]) =>
  sql.join(
    columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );

/** A table's columns that an insert writes (not generated), worked out once per table: an import asks per row. */
const writable = new WeakMap<PgTable, [string, PgColumn][]>();
function writableColumns(table: PgTable): [string, PgColumn][] {
  let columns = writable.get(table);
  if (!columns)
    writable.set(
      table,
      (columns = (Object.entries(getTableColumns(table)) as [string, PgColumn][]).filter(([, column]) => !column.generated)),
    );
  return columns;
}
