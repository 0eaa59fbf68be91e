import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentMethod, PaymentStatus } from '#shared/schemas/orders';
import { stores, vendors } from './stores.ts';

export type OrderSource = 'local' | 'shopify';
export type FulfillmentStatus = 'unfulfilled' | 'partial' | 'fulfilled' | 'cancelled';
export type PayoutStatus = 'due' | 'paid';
export type { PaymentMethod, PaymentStatus } from '#shared/schemas/orders';

export interface OrderAddress {
  name: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  zip: string;
  province: string;
  country: string;
  phone: string;
}

export interface OrderCustomer {
  name: string;
  email: string;
  phone: string;
}

/** The commission line that priced an order line, frozen with it (the store's lines may change later). */
export interface FrozenCommissionLine {
  min: number;
  max: number | null;
  flat: number;
  percentage: number;
  /** The least commission of the line (the default line's defaultCommissions.min), when one was set. */
  minimum?: number;
  /** Where the line came from: the vendor's own lines, the marketplace's, the default, or an admin's override of the order. */
  source: 'vendor' | 'marketplace' | 'default' | 'override';
}

/**
 * A buyer's order as the storefront platform has it, once per platform order: the unique
 * (store, source, platform order id) makes a webhook delivered twice, or a retried checkout, one order.
 * Money is in integer minor units of `currency`.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    source: text('source').$type<OrderSource>().notNull(),
    platformOrderId: text('platform_order_id').notNull(),
    /** The number buyers and vendors quote, e.g. #1042. */
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    customer: jsonb('customer').$type<OrderCustomer>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress | null>(),
    billingAddress: jsonb('billing_address').$type<OrderAddress | null>(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    shipping: bigint('shipping', { mode: 'number' }).notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Whether the buyer's money was collected: only a paid order's vendor parts enter the ledger. */
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('paid'),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('platform'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The card payment's Stripe Checkout Session (cs_...), while one was made. */
    paymentRef: text('payment_ref'),
    /** When the unpaid card session expires: the expiry job voids the order then and returns its stock. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    uniqueIndex('orders_platform_uq').on(t.storeId, t.source, t.platformOrderId),
    index('orders_store_placed_idx').on(t.storeId, t.placedAt, t.id),
    // q: a buyer's e-mail address.
    index('orders_store_email_idx').on(t.storeId, sql`lower(${t.customer}->>'email')`),
  ],
);

/**
 * One vendor's part of an order: what the vendor fulfils and is paid for, and what the order lists
 * show (an admin sees one row per order and vendor). Totals are the sums of its lines; `shipping` is
 * the vendor's share of the order's shipping.
 */
export const vendorOrders = pgTable(
  'vendor_orders',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    vendorId: uuid('vendor_id').notNull(),
    orderName: text('order_name').notNull(),
    fulfillment: text('fulfillment').$type<FulfillmentStatus>().notNull().default('unfulfilled'),
    payout: text('payout').$type<PayoutStatus>().notNull().default('due'),
    /** The payment that paid it (payouts.id), while `payout` is paid. */
    payoutId: uuid('payout_id'),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    shipping: bigint('shipping', { mode: 'number' }).notNull().default(0),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    /** What the vendor earns on the order: subtotal − discount − commission (+ tax and shipping as the store's finance settings say, at payout). */
    vendorShare: bigint('vendor_share', { mode: 'number' }).notNull(),
    /** An admin's per-order commission (PUT orders/commission), null while the store's lines apply. */
    commissionOverride: jsonb('commission_override').$type<{ flat: number; percentage: number } | null>(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    /** When the invoice was first issued (its first download); every later copy carries this date. */
    invoiceIssuedAt: timestamp('invoice_issued_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('restrict'),
    uniqueIndex('vendor_orders_order_vendor_uq').on(t.orderId, t.vendorId, t.storeId),
    // Payout last: a date range is counted by payout from the index alone.
    index('vendor_orders_store_placed_idx').on(t.storeId, t.placedAt, t.id, t.payout),
    index('vendor_orders_store_vendor_placed_idx').on(t.storeId, t.vendorId, t.placedAt, t.id, t.payout),
    // The fulfilment tabs and the payout filter, alone or within a vendor: each reads its own range in date order (and counts it without the table).
    index('vendor_orders_store_fulfillment_placed_idx').on(t.storeId, t.fulfillment, t.placedAt, t.id),
    index('vendor_orders_store_vendor_fulfillment_placed_idx').on(t.storeId, t.vendorId, t.fulfillment, t.placedAt, t.id),
    index('vendor_orders_store_payout_placed_idx').on(t.storeId, t.payout, t.placedAt, t.id),
    index('vendor_orders_store_vendor_payout_placed_idx').on(t.storeId, t.vendorId, t.payout, t.placedAt, t.id),
    // The orders waiting for a shipment (the next order to fulfil, the unfulfilled tab) are few among many shipped.
    index('vendor_orders_open_idx').on(t.storeId, t.placedAt, t.id).where(sql`${t.fulfillment} in ('unfulfilled', 'partial')`),
    index('vendor_orders_vendor_open_idx')
      .on(t.storeId, t.vendorId, t.placedAt, t.id)
      .where(sql`${t.fulfillment} in ('unfulfilled', 'partial')`),
    // q: an order number ("#1042", "1042", or its start).
    index('vendor_orders_store_name_idx').on(t.storeId, sql`lower(${t.orderName}) text_pattern_ops`),
  ],
);

/** A line of a vendor's order, priced and commissioned when the order arrived. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    vendorOrderId: uuid('vendor_order_id').notNull(),
    vendorId: uuid('vendor_id').notNull(),
    platformLineId: text('platform_line_id').notNull(),
    /** Our product and variant, when the line is one of ours (null: sold on the platform only). */
    productId: uuid('product_id'),
    variantId: uuid('variant_id'),
    sku: text('sku').notNull().default(''),
    title: text('title').notNull(),
    variantTitle: text('variant_title').notNull().default(''),
    quantity: integer('quantity').notNull(),
    fulfilledQuantity: integer('fulfilled_quantity').notNull().default(0),
    /** Units refunded so far (their money is in the ledger's refund entries). */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** Unit price. */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** Line totals. */
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    /**
     * The part of `discount` its vendor funds (the rest the marketplace does), when we gave the
     * discount and so know who funds it; null for a platform's discount (financeConfig decides).
     */
    vendorDiscount: bigint('vendor_discount', { mode: 'number' }),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    commissionLine: jsonb('commission_line').$type<FrozenCommissionLine>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.storeId, t.vendorOrderId], foreignColumns: [vendorOrders.storeId, vendorOrders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('restrict'),
    index('order_lines_vendor_order_idx').on(t.vendorOrderId, t.position),
  ],
);

/** A shipment of a vendor order: which lines, how many of each, and how the buyer can follow it. */
export const fulfillments = pgTable(
  'fulfillments',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    vendorOrderId: uuid('vendor_order_id').notNull(),
    carrier: text('carrier').notNull().default(''),
    tracking: text('tracking').notNull().default(''),
    url: text('url').notNull().default(''),
    lines: jsonb('lines').$type<{ lineId: string; quantity: number }[]>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorOrderId], foreignColumns: [vendorOrders.storeId, vendorOrders.id] }).onDelete('cascade'),
    index('fulfillments_vendor_order_idx').on(t.vendorOrderId, t.createdAt),
  ],
);
