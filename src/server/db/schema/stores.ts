import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** One marketplace. Its id is the spec's `store` value (a slug such as "demo"). */
export const stores = pgTable('stores', {
  id: text('id').primaryKey(),
  shopName: text('shop_name').notNull(),
  /** The storefront platform's shop domain (e.g. x.myshopify.com) when installed there. */
  platformShop: text('platform_shop').unique(),
  /** The settings object of spec §3, stored whole; defaults are merged in on read. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Hosts that serve a store's public screens (spec: store known from the host it is mapped to). */
export const storeHosts = pgTable('store_hosts', {
  host: text('host').primaryKey(),
  storeId: text('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
});

export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The vendor value the spec and the storefront platform use to name a vendor. */
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vendors_store_name_uq').on(t.storeId, t.name), index('vendors_store_created_idx').on(t.storeId, t.createdAt)],
);
