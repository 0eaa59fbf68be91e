import { sql } from 'drizzle-orm';
import { foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';
import { users } from './auth.ts';

/** unconfirmed: the applicant has not yet confirmed the e-mail address; admins do not see it. */
export type ApplicationStatus = 'unconfirmed' | 'pending' | 'approved' | 'rejected';

export const vendorApplications = pgTable(
  'vendor_applications',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    email: text('email').notNull(),
    vendorName: text('vendor_name').notNull(),
    /** The language the applicant read the form in: its mails speak it, and so does the account approval creates. */
    language: text('language'),
    fields: jsonb('fields').$type<{ key: string; value: unknown; name: string }[]>().notNull().default([]),
    status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** SHA-256 of the single-use link mailed to confirm the address; cleared once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
    /** An unconfirmed application past this moment is gone (it frees the address for a new one). */
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    // SET NULL of decided_by only (the migration says so; store_id stays).
    foreignKey({ columns: [t.storeId, t.decidedBy], foreignColumns: [users.storeId, users.id] }).onDelete('set null'),
    index('vendor_applications_store_status_idx').on(t.storeId, t.status, t.createdAt),
    // One application waiting per address and store, whatever process takes the form.
    uniqueIndex('vendor_applications_open_uq').on(t.storeId, t.email).where(sql`status in ('unconfirmed', 'pending')`),
    // The hash first: the confirmation link arrives without its store.
    uniqueIndex('vendor_applications_confirm_uq').on(t.confirmTokenHash, t.storeId),
  ],
);
