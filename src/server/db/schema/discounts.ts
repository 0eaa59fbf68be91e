import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores, vendors } from './stores.ts';

export type DiscountSyncState = 'pending' | 'synced' | 'failed' | 'local';

/**
 * A discount. Money in minor units of `currency`. `vendor_id` is the
 * products it applies to (null = the whole marketplace); `funded_by` who pays for it. A deleted
 * discount keeps its row (deleted_at) until the storefront platform has dropped it too, and so its
 * redemptions still count. `usage_count` is taken under the row's lock at the checkout.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    vendorId: uuid('vendor_id'),
    fundedBy: text('funded_by').$type<'vendor' | 'marketplace' | 'split'>().notNull(),
    /** The vendors' part of what it takes off, in hundredths of a percent: 10000 vendor, 0 marketplace, between for a split. */
    vendorShare: integer('vendor_share').notNull(),
    method: text('method').$type<'code' | 'automatic'>().notNull(),
    /** As typed; '' for automatic discounts. Unique per store, case-insensitively, among live codes. */
    code: text('code').notNull().default(''),
    name: text('name').notNull(),
    valueType: text('value_type').$type<'percentage' | 'fixed'>().notNull(),
    /** The currency of `fixed_amount` and of an amount `min_purchase_value`; such a discount applies only to carts in it. */
    currency: text('currency').notNull(),
    fixedAmount: bigint('fixed_amount', { mode: 'number' }).notNull().default(0),
    /** Hundredths of a percent (12.5% = 1250), so the arithmetic stays in integers. */
    percentage: integer('percentage').notNull().default(0),
    activeFrom: text('active_from').notNull(),
    withEndDate: boolean('with_end_date').notNull().default(false),
    activeUntil: text('active_until'),
    onePerCustomer: boolean('one_per_customer').notNull().default(false),
    withUsage: boolean('with_usage').notNull().default(false),
    usageLimit: integer('usage_limit').notNull().default(1),
    usageCount: integer('usage_count').notNull().default(0),
    minPurchaseType: text('min_purchase_type').$type<'none' | 'amount' | 'quantity'>().notNull().default('none'),
    /** Minor units for an amount, items for a quantity. */
    minPurchaseValue: bigint('min_purchase_value', { mode: 'number' }).notNull().default(0),
    syncState: text('sync_state').$type<DiscountSyncState>().notNull().default('pending'),
    syncError: text('sync_error'),
    /** The platform shop and its id of the discount (discountCodeBasicCreate), to delete it there. */
    platformShop: text('platform_shop'),
    platformDiscountId: text('platform_discount_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    uniqueIndex('discounts_code_uq').on(sql`lower(${t.code})`, t.storeId).where(sql`${t.method} = 'code' and ${t.deletedAt} is null`),
    index('discounts_store_created_idx').on(t.storeId, t.createdAt),
  ],
);

/** One use of a discount by a checkout, for onePerCustomer (by e-mail). */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    discountId: uuid('discount_id').notNull(),
    checkoutId: text('checkout_id').notNull(),
    email: text('email').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.discountId], foreignColumns: [discounts.storeId, discounts.id] }).onDelete('cascade'),
    index('discount_redemptions_email_idx').on(t.storeId, t.discountId, t.email),
  ],
);
