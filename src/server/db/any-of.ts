import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `expr = any($1::type[])`: a list of any length as one parameter. Drizzle's `inArray` sends a
 * parameter per value and types each one as it builds the statement, which costs more than the
 * lookup itself for the CSV import's thousands of SKUs and handles a batch; and a statement whose
 * text does not change with the list's length is prepared once.
 */
export const anyOf = (expr: SQLWrapper, values: readonly (string | number)[], type: 'text' | 'uuid' | 'int'): SQL =>
  sql`${expr} = any(${sql.param(values)}::${sql.raw(type)}[])`;
