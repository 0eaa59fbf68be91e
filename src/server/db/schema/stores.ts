import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** One marketplace. Its id is the spec's `store` value (a slug such as "demo"). */
export const stores = pgTable('stores', {
  id: text('id').primaryKey(),
  shopName: text('shop_name').notNull(),
  /** The storefront platform's shop domain (e.g. x.myshopify.com) when installed there. */
  platformShop: text('platform_shop').unique(),
  /** The settings object, stored whole; defaults are merged in on read. */
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
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The vendor value the spec and the storefront platform use to name a vendor. */
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    uniqueIndex('vendors_store_name_uq').on(t.storeId, t.name),
    index('vendors_store_created_idx').on(t.storeId, t.createdAt),
  ],
);

/**
 * A vendor's own settings (commission lines, autoApprove, holidays, ship-from address, delivery,
 * currency...), one validated JSON document per vendor like the store's.
 */
export const vendorSettings = pgTable(
  'vendor_settings',
  {
    vendorId: uuid('vendor_id').notNull(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
  ],
);

/** Delivery zones of the marketplace (vendor_id null) or of one vendor. */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    vendorId: uuid('vendor_id'),
    /** The zone object of the spec: zoneName, rates, countries. */
    zone: jsonb('zone').$type<Record<string, unknown>>().notNull(),
    /** The currency of its rates' prices and price bounds: the zone ships only carts in this currency. */
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    index('delivery_zones_store_vendor_idx').on(t.storeId, t.vendorId),
  ],
);

/** Metafield definitions for products and collections. */
export const metafieldDefinitions = pgTable(
  'metafield_definitions',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    owner: text('owner').$type<'products' | 'collections'>().notNull(),
    key: text('key').notNull(),
    /** The definition object of the spec (name, type, description, link, options, flags...). */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    uniqueIndex('metafield_definitions_store_owner_key_uq').on(t.storeId, t.owner, t.key),
  ],
);

/** Admin overrides of e-mail templates; a missing row means the default template. */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    template: text('template').notNull(),
    subject: text('subject'),
    htmlBody: text('html_body'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.template] })],
);

/** Usage events the app reports (POST app/track). */
export const appEvents = pgTable(
  'app_events',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: uuid('user_id'),
    event: text('event').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.storeId] }), index('app_events_store_created_idx').on(t.storeId, t.createdAt)],
);
