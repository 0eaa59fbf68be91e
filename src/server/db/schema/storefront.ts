import { foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores, vendors } from './stores.ts';

export type StorefrontPlatformKind = 'local' | 'shopify';
export type ListingState = 'published' | 'unpublished';

/**
 * Where each product stands on its store's storefront platform: the platform's id for it, what was
 * last pushed (the product's updated_at) and the last failure. Deliberately without a foreign key to
 * products: a deleted product keeps its row until the platform has removed it too. `locked_until` is
 * the lease of the sync run pushing it, so two processes never push one product at the same time.
 */
export const storefrontListings = pgTable(
  'storefront_listings',
  {
    productId: uuid('product_id').notNull(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    platform: text('platform').$type<StorefrontPlatformKind>().notNull().default('local'),
    /** The platform shop the product was pushed to (null for the local storefront). */
    shop: text('shop'),
    /** The platform's global id of the product, e.g. gid://shopify/Product/123. */
    platformProductId: text('platform_product_id'),
    state: text('state').$type<ListingState>().notNull().default('unpublished'),
    /** The product's updated_at that the platform has. */
    syncedUpdatedAt: timestamp('synced_updated_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.storeId] }), index('storefront_listings_store_idx').on(t.storeId, t.platform, t.state)],
);

/** What the storefront shows of a vendor's page: the content an admin approved (or that was saved approved). */
export interface PublishedVendorPage {
  description: string;
  imageUrl: string;
  metafields: { key: string; value: string | string[] | boolean }[];
}

/**
 * A vendor's page as published: the approved content (null once taken back), apart from the page the
 * vendor keeps editing, so a pending edit never takes the approved page off the storefront. Also
 * where its copy on the platform stands (a collection of the vendor's products): the platform's id,
 * the version it has and the last failure. The row stays after an unapproval until the platform copy is gone.
 */
export const vendorPagePublications = pgTable(
  'vendor_page_publications',
  {
    vendorId: uuid('vendor_id').notNull(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    page: jsonb('page').$type<PublishedVendorPage>(),
    /** When the published content last changed (approved, or taken back): the version the sync job pushes. */
    version: timestamp('version', { withTimezone: true }).notNull(),
    /** The platform shop and its id of the vendor's collection (null on the built-in storefront). */
    shop: text('shop'),
    platformCollectionId: text('platform_collection_id'),
    /** The version the platform has. */
    syncedVersion: timestamp('synced_version', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
  ],
);
