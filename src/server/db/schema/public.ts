import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';

/** What buyers send through the public calls message/send, message/contact-form and message/subscribe. */
export const publicMessages = pgTable(
  'public_messages',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    kind: text('kind').$type<'message' | 'contact-form' | 'subscribe'>().notNull(),
    email: text('email'),
    body: text('body'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    index('public_messages_store_created_idx').on(t.storeId, t.createdAt),
    // Subscribing twice is harmless and keeps one row, even when two requests race.
    uniqueIndex('public_messages_subscribe_uq').on(t.storeId, t.email).where(sql`kind = 'subscribe'`),
  ],
);

/** Single-use OAuth state nonces of the storefront platform install flow. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    state: text('state').primaryKey(),
    shop: text('shop').notNull(),
    /**
     * 'install': a marketplace installs the app; 'seller': a vendor connects its own shop; 'claim':
     * a seller shop approved on the platform waits for its vendor (`state` is then the claim's hash).
     */
    purpose: text('purpose').$type<'install' | 'seller' | 'claim'>().notNull().default('install'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/** A storefront platform shop that installed the app; its access token is stored encrypted. */
export const platformInstallations = pgTable('platform_installations', {
  shop: text('shop').primaryKey(),
  storeId: text('store_id').references(() => stores.id, { onDelete: 'set null', onUpdate: 'cascade' }),
  /** 'marketplace': the shop is a marketplace's storefront; 'seller': a vendor's own shop it syncs products from. */
  kind: text('kind').$type<'marketplace' | 'seller'>().notNull().default('marketplace'),
  accessTokenEnc: text('access_token_enc').notNull(),
  scope: text('scope').notNull().default(''),
  plan: text('plan'),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
