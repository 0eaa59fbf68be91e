import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';

/** Every e-mail we send, whatever the transport: the embedded outbox and the SMTP log in one. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    /** What admins read: a template's secret variables (codes, links that grant access) masked. */
    html: text('html').notNull(),
    text: text('text').notNull().default(''),
    /**
     * The mail as the embedded outbox delivered it, secrets included, when it differs from the masked
     * copy: the only place an install without SMTP keeps it. No API reads these columns; with SMTP
     * they stay null (the real mail has left).
     */
    deliveredHtml: text('delivered_html'),
    deliveredText: text('delivered_text'),
    transport: text('transport').$type<'outbox' | 'smtp' | 'brevo' | 'failed'>().notNull(),
    /** Why a mail could not be rendered or sent, for the admin's outbox view. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.storeId] }), index('outbox_emails_store_created_idx').on(t.storeId, t.createdAt)],
);

/** Durable jobs: claimed with SKIP LOCKED, retried with backoff, finished once. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Two enqueues with the same key make one job (e.g. one mail per event). */
    dedupeKey: text('dedupe_key'),
    status: text('status').$type<'pending' | 'running' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('jobs_dedupe_uq').on(t.dedupeKey), index('jobs_pending_idx').on(t.status, t.runAt)],
);
