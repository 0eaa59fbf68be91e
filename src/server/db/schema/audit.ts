import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditActorKind, AuditChange } from '#shared/schemas/audit';

/**
 * The audit log: one row per changed row of an audited table, written by the table's trigger in
 * the transaction of the change (a rolled-back change leaves no record). Append-only (a trigger
 * refuses UPDATE and DELETE); partitioned by month on created_at, so retention drops whole
 * partitions. The migration creates it with PARTITION BY RANGE, which drizzle-kit cannot express.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The database transaction: records of one change (and the ledger entries it wrote) share it. */
    xactId: bigint('xact_id', { mode: 'number' }).notNull(),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name'),
    /** The vendor an admin acted as, or a vendor's own. */
    actingVendorId: uuid('acting_vendor_id'),
    requestId: text('request_id'),
    /** The route ("PUT /api/products/:id") or the job type the change came from. */
    source: text('source'),
    area: text('area').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** The row's title or name when it was written, so a deleted product still reads as its name. */
    entityLabel: text('entity_label'),
    /** The vendor the changed row belongs to: what a vendor may see. */
    vendorId: uuid('vendor_id'),
    action: text('action').$type<'insert' | 'update' | 'delete'>().notNull(),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull(),
    /**
     * The currency of the row's money columns when it was written (its own `currency`, or its
     * product's or order's), so amounts read as money later even once the row is gone.
     */
    currency: text('currency'),
    /** The object the row is a part of (a variant's product), so that object's history shows its parts' changes. */
    parentId: text('parent_id'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId, t.createdAt] }),
    index('audit_log_store_time_idx').on(t.storeId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_store_entity_idx').on(t.storeId, t.entity, t.entityId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_store_vendor_idx').on(t.storeId, t.vendorId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_store_xact_idx').on(t.storeId, t.xactId),
    index('audit_log_store_parent_idx').on(t.storeId, t.parentId, t.createdAt.desc(), t.id.desc()).where(sql`${t.parentId} is not null`),
    // The area and who filters read their own range in list order instead of filtering the store's.
    index('audit_log_store_area_idx').on(t.storeId, t.area, t.createdAt.desc(), t.id.desc()),
    index('audit_log_store_actor_kind_idx').on(t.storeId, t.actorKind, t.createdAt.desc(), t.id.desc()),
    // Words (ILIKE '%…%') in the object's or the person's name: trigrams (pg_trgm) find the few matches.
    // A short pending list (128 kB, not 4 MB): the planner costs reading all of it, and with a full
    // default one it walked the store's whole history instead (EXPLAIN test); without one, each
    // record's insert cost four times as much (122 against 31 µs a record).
    index('audit_log_search_idx')
      .using('gin', t.entityLabel.op('gin_trgm_ops'), t.actorName.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 128 }),
  ],
);
