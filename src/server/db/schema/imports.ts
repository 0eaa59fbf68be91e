import { foreignKey, index, integer, json, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores, vendors } from './stores.ts';
import { users } from './auth.ts';

export type CsvImportStatus = 'waiting' | 'validated' | 'importing' | 'done' | 'failed';
export interface CsvImportProblem {
  line: number;
  column?: string;
  message: string;
}

/** One product CSV import: uploaded, validated (nothing written), then confirmed and run as a job. */
export const csvImports = pgTable(
  'csv_imports',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The vendor the products go to; null for an admin importing in the marketplace view (vendor column). */
    vendorId: uuid('vendor_id'),
    userId: uuid('user_id').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull().default(''),
    status: text('status').$type<CsvImportStatus>().notNull().default('waiting'),
    format: text('format'),
    rowCount: integer('row_count').notNull().default(0),
    productCount: integer('product_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** The first problems found (the answer lists them; the count says how many in all). */
    errors: jsonb('errors').$type<CsvImportProblem[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<CsvImportProblem[]>().notNull().default([]),
    /** Products handled so far by the import job: the screen's progress, and where a retried job resumes. */
    progress: integer('progress').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    /** The first products the import job could not write (the answer lists them; failedCount says how many in all). */
    failed: jsonb('failed').$type<CsvImportProblem[]>().notNull().default([]),
    failedCount: integer('failed_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.storeId, t.userId], foreignColumns: [users.storeId, users.id] }).onDelete('cascade'),
    index('csv_imports_store_created_idx').on(t.storeId, t.createdAt),
  ],
);

/**
 * The products of a validated import that passed every check, in the file's order (`seq` from 0):
 * the validation stages them, the import job reads them page by page (seq ≥ its progress) instead
 * of parsing and checking the file again. `product` is the parsed product (what the job matches
 * stored products by, and what an update is made of); `data` its validated products-v2 data when it
 * matched no stored product at validation: the job plans and writes it as a new product unless a
 * stored one matches it by then. Dropped when the import is done or validated again. Unlogged
 * (migration 0023): nothing here outlives the import, and a database crash that empties it leaves
 * the import failed, to be uploaded again.
 */
export const csvImportProducts = pgTable(
  'csv_import_products',
  {
    importId: uuid('import_id').notNull(),
    seq: integer('seq').notNull(),
    storeId: text('store_id').notNull(),
    product: json('product').notNull(),
    data: json('data'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.seq, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.importId], foreignColumns: [csvImports.storeId, csvImports.id] }).onDelete('cascade'),
  ],
);
