import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores, vendors } from './stores.ts';
import { users } from './auth.ts';

/** Every uploaded file: created when a signed URL is handed out, completed when its bytes arrive. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Storage key, e.g. "demo/product-images/<uuid>.png". */
    key: text('key').notNull().unique(),
    proxy: text('proxy').notNull(),
    contentType: text('content_type').notNull(),
    originalName: text('original_name').notNull().default(''),
    size: bigint('size', { mode: 'number' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_store_created_idx').on(t.storeId, t.createdAt)],
);
