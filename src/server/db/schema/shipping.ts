import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LabelStatus } from '#shared/schemas/shipping';
import { fulfillments, vendorOrders } from './orders.ts';
import { stores, vendors } from './stores.ts';

/** Who a Shippo key belongs to: the marketplace, or a vendor (its id). */
export const MARKETPLACE_OWNER = '*';

/** A Shippo API key, sealed with the install's encryption (context: store and owner); one per owner. */
export const shippoKeys = pgTable(
  'shippo_keys',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** MARKETPLACE_OWNER or the vendor's id. */
    owner: text('owner').notNull(),
    apiKeyEncrypted: text('api_key_encrypted').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.owner] })],
);

/**
 * A rate quoted for a vendor order: who may see it and buy it (the order's vendor), what it costs,
 * and when it was quoted (the provider refuses rates older than 7 days). The id is the provider's.
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    id: text('id').notNull(),
    vendorId: uuid('vendor_id').notNull(),
    vendorOrderId: uuid('vendor_order_id').notNull(),
    /** Whose key quoted it (MARKETPLACE_OWNER or the vendor's id): the label is bought with the same account. */
    keyOwner: text('key_owner').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    carrier: text('carrier').notNull(),
    service: text('service').notNull(),
    estimatedDays: integer('estimated_days'),
    attributes: text('attributes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.storeId, t.vendorOrderId], foreignColumns: [vendorOrders.storeId, vendorOrders.id] }).onDelete('cascade'),
    index('shipping_rates_order_idx').on(t.storeId, t.vendorOrderId, t.createdAt),
  ],
);

/**
 * A bought label. At most one label of a vendor order is in use (not voided): the partial unique
 * index is the last guard behind the vendor order's row lock against a double purchase.
 */
export const shippingLabels = pgTable(
  'shipping_labels',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    vendorId: uuid('vendor_id').notNull(),
    vendorOrderId: uuid('vendor_order_id').notNull(),
    rateId: text('rate_id').notNull(),
    /** The provider's purchase (Shippo transaction) id; null while the purchase is pending. */
    purchaseId: text('purchase_id'),
    keyOwner: text('key_owner').notNull(),
    status: text('status').$type<LabelStatus>().notNull().default('purchased'),
    carrier: text('carrier').notNull(),
    service: text('service').notNull(),
    trackingNumber: text('tracking_number').notNull().default(''),
    trackingUrl: text('tracking_url').notNull().default(''),
    /** The label file in our storage. */
    fileKey: text('file_key').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The shipment the label made. */
    fulfillmentId: uuid('fulfillment_id'),
    /** The label_cost ledger entry (bought with the marketplace's account); a void reverses it. */
    costEntryId: uuid('cost_entry_id'),
    /** The provider's refund, once a void was asked for. */
    refundId: text('refund_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the current call to the provider for a pending label began: the request that recorded it,
     * or the recovery that took it over. Shippo has no idempotency key, so no other process calls
     * for this label until that call's window has passed.
     */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('restrict'),
    foreignKey({ columns: [t.storeId, t.vendorOrderId], foreignColumns: [vendorOrders.storeId, vendorOrders.id] }).onDelete('restrict'),
    // SET NULL clears only fulfillment_id (the migration says so; drizzle cannot).
    foreignKey({ columns: [t.storeId, t.fulfillmentId], foreignColumns: [fulfillments.storeId, fulfillments.id] }).onDelete('set null'),
    uniqueIndex('shipping_labels_order_active_uq').on(t.storeId, t.vendorOrderId).where(sql`${t.status} <> 'voided'`),
    uniqueIndex('shipping_labels_purchase_uq').on(t.storeId, t.purchaseId),
    index('shipping_labels_order_idx').on(t.storeId, t.vendorOrderId, t.createdAt),
    // The recovery reads the purchases still in flight, a handful among all.
    index('shipping_labels_pending_idx').on(t.storeId, t.attemptedAt).where(sql`${t.status} = 'pending'`),
  ],
);

export type PlatformSyncState = 'pending' | 'synced' | 'failed';

/** A shipment of a platform order on its way to the platform (fulfillmentCreate), and how it went. */
export const platformShipments = pgTable(
  'platform_shipments',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    fulfillmentId: uuid('fulfillment_id').notNull(),
    state: text('state').$type<PlatformSyncState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    platformFulfillmentId: text('platform_fulfillment_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fulfillmentId, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.fulfillmentId], foreignColumns: [fulfillments.storeId, fulfillments.id] }).onDelete('cascade'),
  ],
);
