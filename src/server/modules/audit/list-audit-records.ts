import { rowsOf } from '../products/index.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { AuditPage, AuditQuery, AuditRecord } from '#shared/schemas/audit';
import { resolveSettings } from '#shared/schemas/settings';
import type { Db } from '#server/db/client';
import type { AuthContext } from '#server/http/policy';
import { badRequest } from '#server/http/errors';
import { withAmounts } from './amounts-in-changes.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whose history a read shows: a store's, or one vendor's records in it. */
export type AuditScope = Pick<AuthContext, 'storeId' | 'vendorId'>;

/** The cursor is the last record's exact time (microseconds, as text) and id, so no record is skipped or shown twice. */
export const encodeCursor = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');
export function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) throw badRequest('Invalid cursor');
  return { at, id };
}

export interface RecordRow {
  id: string;
  at: Date | string;
  cursor_at: string;
  actor_kind: AuditRecord['actor']['kind'];
  actor_user_id: string | null;
  actor_name: string | null;
  acting_vendor: string | null;
  request_id: string | null;
  source: string | null;
  area: string;
  entity: string;
  entity_id: string;
  entity_label: string | null;
  action: AuditRecord['action'];
  changes: AuditRecord['changes'];
  /** The currency of the row's amounts: recorded with it, else (records older than that) the store's. */
  currency: string | null;
  ledger_entry_ids: string[];
}

/**
 * The filters every read of the history shares: the caller's store, a vendor's own rows (a vendor,
 * or an admin acting as one), the store's retention (older months may still wait for the job that
 * drops them) and the query's own filters.
 */
export async function auditFilters(
  db: Db,
  auth: AuditScope,
  query: Omit<AuditQuery, 'after' | 'limit'>,
): Promise<{ where: SQL; storeCurrency: string }> {
  const [store] = rowsOf<{ settings: unknown }>(await db.execute(sql`SELECT settings FROM stores WHERE id = ${auth.storeId}`));
  const settings = resolveSettings(store?.settings);
  const months = settings.auditLog.retentionMonths;
  const where: SQL[] = [sql`a.store_id = ${auth.storeId}`, sql`a.created_at >= now() - make_interval(months => ${months})`];
  if (auth.vendorId) where.push(sql`a.vendor_id = ${auth.vendorId}`);
  if (query.actorKind) where.push(sql`a.actor_kind = ${query.actorKind}`);
  if (query.actorUserId) where.push(sql`a.actor_user_id = ${query.actorUserId}`);
  if (query.area) where.push(sql`a.area = ${query.area}`);
  if (query.entity && query.entityId)
    // One object's history: its own records and its parts' (a product's variants).
    where.push(sql`((a.entity = ${query.entity} AND a.entity_id = ${query.entityId}) OR a.parent_id = ${query.entityId})`);
  else {
    if (query.entity) where.push(sql`a.entity = ${query.entity}`);
    if (query.entityId) where.push(sql`a.entity_id = ${query.entityId}`);
  }
  if (query.from) where.push(sql`a.created_at >= ${query.from}::date::timestamptz`);
  if (query.to) where.push(sql`a.created_at < (${query.to}::date + 1)::timestamptz`);
  if (query.q) {
    const q = `%${escapeLike(query.q)}%`;
    // Read through the trigram index on both names (audit_log_search_idx).
    where.push(sql`(a.entity_label ILIKE ${q} OR a.actor_name ILIKE ${q})`);
  }
  return { where: sql.join(where, sql` AND `), storeCurrency: settings.currency };
}

/** A page of the history, newest first, with the cursor of the next page. */
export async function listAuditRecords(db: Db, auth: AuditScope, query: AuditQuery): Promise<AuditPage> {
  const rows = await readAuditRows(db, auth, query, query.after ?? null, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    records: page.map(toRecord),
    next: rows.length > query.limit && last ? encodeCursor(last.cursor_at, last.id) : null,
  };
}

/** Up to `limit` records after the cursor, newest first: the list's page and the export's. */
export async function readAuditRows(
  db: Db,
  auth: AuditScope,
  query: Omit<AuditQuery, 'after' | 'limit'>,
  after: string | null,
  limit: number,
): Promise<RecordRow[]> {
  const filters = await auditFilters(db, auth, query);
  const where = [filters.where];
  if (after) {
    const { at, id } = decodeCursor(after);
    where.push(sql`(a.created_at, a.id) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const rows = rowsOf<RecordRow>(
    await db.execute(sql`
      SELECT a.id, a.created_at AS at, a.created_at::text AS cursor_at, a.actor_kind, a.actor_user_id, a.actor_name,
        v.name AS acting_vendor, a.request_id, a.source, a.area, a.entity, a.entity_id, a.entity_label, a.action, a.changes, a.currency,
        coalesce((
          SELECT jsonb_agg(e ->> 'id') FROM audit_log l CROSS JOIN jsonb_array_elements(l.changes -> 'entries' -> 'to') e
          WHERE l.store_id = a.store_id AND l.xact_id = a.xact_id AND l.entity = 'ledger_entries'
            AND l.created_at BETWEEN a.created_at - interval '1 hour' AND a.created_at + interval '1 hour'
        ), '[]'::jsonb) AS ledger_entry_ids
      FROM audit_log a
      LEFT JOIN vendors v ON v.store_id = a.store_id AND v.id = a.acting_vendor_id
      WHERE ${sql.join(where, sql` AND `)}
      -- As the indexes are built (drizzle-kit writes DESC NULLS LAST), so the page is read from an index, not sorted.
      ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST
      LIMIT ${limit}`),
  );
  for (const row of rows) row.currency ??= filters.storeCurrency;
  return rows;
}

export function toRecord(row: RecordRow): AuditRecord {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: { kind: row.actor_kind, userId: row.actor_user_id, name: row.actor_name },
    actingVendor: row.acting_vendor,
    requestId: row.request_id,
    source: row.source,
    area: row.area,
    entity: row.entity,
    entityId: row.entity_id,
    label: row.entity_label,
    action: row.action,
    changes: withAmounts(row.entity, row.changes, row.currency),
    ledgerEntryIds: row.ledger_entry_ids,
  };
}
