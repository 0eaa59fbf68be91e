import { foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores, vendors } from './stores.ts';

export type SheetRunStatus = 'queued' | 'running' | 'done' | 'failed';
export type SheetPhase = 'orders' | 'products';

/**
 * A Google sheet the store's data is written to: the marketplace's (scope "*", every vendor) or a
 * vendor's own (scope = its id). Holds the last run's progress, so a job resumes from its cursor.
 */
export const sheetLinks = pgTable(
  'sheet_links',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** "*" for the marketplace's sheet, else the vendor's id (also in vendor_id, for its foreign key). */
    scope: text('scope').notNull(),
    vendorId: uuid('vendor_id'),
    url: text('url').notNull(),
    spreadsheetId: text('spreadsheet_id').notNull(),
    /** Changes with each trigger: the run's jobs carry it, so a stale job of an earlier run stops. */
    runId: uuid('run_id'),
    status: text('status').$type<SheetRunStatus>(),
    phase: text('phase').$type<SheetPhase>(),
    /** The export source's cursor within the phase (null: from the start). */
    cursor: text('cursor'),
    /** The next spreadsheet row of the phase's tab to write (1 = the header). */
    nextRow: integer('next_row').notNull().default(1),
    /** Orders and products written, out of `total` counted when the run began. */
    itemsDone: integer('items_done').notNull().default(0),
    total: integer('total').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
  ],
);
