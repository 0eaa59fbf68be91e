import { bigint, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores, vendors } from './stores.ts';
import { users } from './auth.ts';

/** Every uploaded file: created when a signed URL is handed out, completed when its bytes arrive. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Storage key, e.g. "demo/product-images/<uuid>.png". */
    key: text('key').notNull(),
    proxy: text('proxy').notNull(),
    contentType: text('content_type').notNull(),
    originalName: text('original_name').notNull().default(''),
    size: bigint('size', { mode: 'number' }),
    uploadedBy: uuid('uploaded_by'),
    vendorId: uuid('vendor_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    // The key first: a file is asked for by its key (the store is its first segment).
    uniqueIndex('files_key_store_uq').on(t.key, t.storeId),
    // SET NULL of the user or vendor column only (the migration says which; store_id stays).
    foreignKey({ columns: [t.storeId, t.uploadedBy], foreignColumns: [users.storeId, users.id] }).onDelete('set null'),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('set null'),
    index('files_store_created_idx').on(t.storeId, t.createdAt),
  ],
);
