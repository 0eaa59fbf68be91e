import { rowsOf } from '../products/index.ts';
import { sql } from 'drizzle-orm';
import { AuditQuerySchema, type AuditAmount, type AuditChange } from '#shared/schemas/audit';
import type { ExportRow, ExportSource } from '../exports/index.ts';
import { auditFilters, encodeCursor, readAuditRows, toRecord } from './list-audit-records.ts';

const COLUMNS = ['Time', 'Who', 'Role', 'Acting as vendor', 'Area', 'Object', 'Object id', 'Name', 'Action', 'Changes', 'Request'] as const;
/** More than any screen would show; the count stops here so it never walks a whole store's history. */
const COUNT_CAP = 1_000_000;

const scopeOf = (row: ExportRow) => ({ storeId: row.storeId, vendorId: row.vendorId });
const filtersOf = (row: ExportRow) => AuditQuerySchema.omit({ after: true, limit: true }).parse(row.query);

const isAmount = (value: unknown): value is AuditAmount =>
  typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;
/** A value as text; an amount as its decimal and currency code ("19.99 USD"), the same in every language. */
const describe = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : isAmount(value)
        ? `${value.amount} ${value.currency}`
        : JSON.stringify(value);
const changesText = (changes: Record<string, AuditChange>) =>
  Object.entries(changes)
    .map(([field, change]) => (change === 'changed' ? `${field}: changed` : `${field}: ${describe(change.from)} → ${describe(change.to)}`))
    .join('; ');

/** POST audit/export: the filtered history, in the caller's scope, as CSV through the exports job. */
export const AUDIT_EXPORT: ExportSource = {
  kind: 'audit',
  columns: COLUMNS,
  screenPath: '/app/audit',
  async count(ctx, row) {
    const { where } = await auditFilters(ctx.db, scopeOf(row), filtersOf(row));
    const [counted] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM audit_log a WHERE ${where} LIMIT ${COUNT_CAP}) s`),
    );
    return counted.n;
  },
  async page(ctx, row, cursor, size) {
    const rows = await readAuditRows(ctx.db, scopeOf(row), filtersOf(row), cursor, size + 1);
    const page = rows.slice(0, size);
    const last = page.at(-1);
    return {
      rows: page
        .map(toRecord)
        .map((r) => [
          r.at,
          r.actor.name ?? '',
          r.actor.kind,
          r.actingVendor ?? '',
          r.area,
          r.entity,
          r.entityId,
          r.label ?? '',
          r.action,
          changesText(r.changes),
          [r.source, r.requestId].filter(Boolean).join(' '),
        ]),
      items: page.length,
      cursor: rows.length > size && last ? encodeCursor(last.cursor_at, last.id) : null,
    };
  },
};
