import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores, vendors } from './stores.ts';
import { users } from './auth.ts';
import { products } from './products.ts';

/** Where an imported product came from: a vendor's PrestaShop shop, or its own shop on the storefront platform. */
export type ExternalSource = 'prestashop' | 'shopify';
export type CatalogSyncStatus = 'running' | 'done' | 'failed';
export interface CatalogSyncProblem {
  externalId: string;
  message: string;
}

/** A vendor's connection to its own shop (PrestaShop webservice): one per vendor. */
export const integrationKeys = pgTable(
  'integration_keys',
  {
    vendorId: uuid('vendor_id').notNull(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    type: text('type').$type<'prestashop'>().notNull().default('prestashop'),
    /** The shop's base URL as we call it (scheme and host, maybe a path). */
    domain: text('domain').notNull(),
    /** The webservice key, sealed with the install's encryption (bound to store and vendor). */
    keyEncrypted: text('key_encrypted').notNull(),
    /** The user who connected it: the sync acts as this user (the store's approval rules for a vendor apply). */
    userId: uuid('user_id').notNull(),
    /** Added to every imported price, in the store currency's minor units. */
    additionalCost: integer('additional_cost').notNull().default(0),
    /** Every imported price is multiplied by this (in ten-thousandths: 12500 = ×1.25) before the cost is added. */
    additionalFactor: integer('additional_factor').notNull().default(10_000),
    skipPriceUpdate: boolean('skip_price_update').notNull().default(false),
    skipContentUpdate: boolean('skip_content_update').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.storeId, t.userId], foreignColumns: [users.storeId, users.id] }).onDelete('cascade'),
  ],
);

/** One run of a vendor's catalog sync: a durable job that resumes at `progress` (products read so far). */
export const catalogSyncs = pgTable(
  'catalog_syncs',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    vendorId: uuid('vendor_id').notNull(),
    status: text('status').$type<CatalogSyncStatus>().notNull().default('running'),
    /** Products in the shop, as the first page read said (0 until then). */
    total: integer('total').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: jsonb('failed').$type<CatalogSyncProblem[]>().notNull().default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    index('catalog_syncs_vendor_created_idx').on(t.storeId, t.vendorId, t.createdAt),
    // One running sync per vendor: starting a second one is refused by the database itself.
    uniqueIndex('catalog_syncs_one_running_uq').on(t.vendorId, t.storeId).where(sql`status = 'running'`),
  ],
);

/**
 * Which of our products an external product became: a re-run updates it instead of creating a
 * twin, and skips it when its digest (what we would write) did not change.
 */
export const externalProductLinks = pgTable(
  'external_product_links',
  {
    vendorId: uuid('vendor_id').notNull(),
    source: text('source').$type<ExternalSource>().notNull(),
    externalId: text('external_id').notNull(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    productId: uuid('product_id').notNull(),
    digest: text('digest').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.source, t.externalId, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.storeId, t.productId], foreignColumns: [products.storeId, products.id] }).onDelete('cascade'),
    index('external_product_links_product_idx').on(t.storeId, t.productId),
  ],
);

/**
 * A vendor's own shop on the storefront platform (its `seller` installation holds the token). The
 * vendor starts the authorization from our app: the row keeps the state it was given until the
 * platform's callback brings it back, and only then is the shop the vendor's (connectedAt).
 */
export const vendorPlatformShops = pgTable(
  'vendor_platform_shops',
  {
    vendorId: uuid('vendor_id').notNull(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    shop: text('shop').notNull(),
    pendingState: text('pending_state'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    index('vendor_platform_shops_state_idx').on(t.pendingState),
  ],
);
