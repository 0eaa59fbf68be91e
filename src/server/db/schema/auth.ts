import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores, vendors } from './stores.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Stored lowercased: users type their address in any case. */
    email: text('email').notNull(),
    name: text('name'),
    /** Null until the user sets a password through an invite or reset code. */
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The vendor this user acts for; null for an admin, who sees the marketplace view. */
    vendorId: uuid('vendor_id'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The language of the screens and of the user's own mails; null follows the browser. */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    uniqueIndex('users_store_email_uq').on(t.storeId, t.email),
    index('users_vendor_idx').on(t.vendorId),
    index('users_email_idx').on(t.email),
  ],
);

/** Refresh tokens, stored as SHA-256 hashes; rotation links tokens of one sign-in into a family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: uuid('user_id').notNull(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The vendor view the session was in, so a refresh keeps an admin's switched vendor. */
    vendorView: text('vendor_view'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.userId], foreignColumns: [users.storeId, users.id] }).onDelete('cascade'),
    // The hash first: a refresh cookie arrives without its store (see docs/architecture.md, "Sharding by store").
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash, t.storeId),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Invites live longer than reset codes; the purpose decides the mail and the lifetime. */
    purpose: text('purpose').$type<'reset' | 'invite'>().notNull().default('reset'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.userId], foreignColumns: [users.storeId, users.id] }).onDelete('cascade'),
    index('password_reset_codes_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A signed-in user's new e-mail address, waiting for the link mailed to it; it becomes the sign-in address once followed. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: uuid('user_id').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.userId], foreignColumns: [users.storeId, users.id] }).onDelete('cascade'),
    // The link carries only the token: found by its hash, as refresh tokens are.
    uniqueIndex('email_changes_token_uq').on(t.tokenHash, t.storeId),
    index('email_changes_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Failed sign-ins, counted per key (account or address) over a sliding window for throttling. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.failedAt)],
);

/** Per-install secrets (JWT signing key, upload signing key) shared by every API process. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
