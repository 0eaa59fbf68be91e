import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';

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
