import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';
import { users } from './auth.ts';

export type ApplicationStatus = 'pending' | 'approved' | 'rejected';

export const vendorApplications = pgTable(
  'vendor_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    email: text('email').notNull(),
    vendorName: text('vendor_name').notNull(),
    fields: jsonb('fields').$type<{ key: string; value: unknown; name: string }[]>().notNull().default([]),
    status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vendor_applications_store_status_idx').on(t.storeId, t.status, t.createdAt)],
);
