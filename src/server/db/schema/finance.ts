import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LedgerKind } from '#shared/schemas/finance';
import { orderLines, orders, vendorOrders } from './orders.ts';
import { stores, vendors } from './stores.ts';

export type { LedgerKind } from '#shared/schemas/finance';

export type PayoutMethod = 'manual' | 'stripe' | 'paypal';
/** pending: recorded, the provider not yet confirmed it (a crash leaves it so; the recovery asks the provider); returned: paid, then the provider returned or reversed it (entries reversed, orders due again). */
export type PayoutState = 'pending' | 'paid' | 'failed' | 'returned';

/**
 * A payment to a vendor. Its id is the idempotency key sent to the provider, and the row is written
 * before anything else happens, so a retry finds it instead of paying again.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    vendorId: uuid('vendor_id').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method').$type<PayoutMethod>().notNull(),
    state: text('state').$type<PayoutState>().notNull().default('pending'),
    /** The manual payment's date and note (spec: manual {paidAt, details}). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    details: text('details').notNull().default(''),
    /** The vendor orders this payment settles. */
    vendorOrderIds: jsonb('vendor_order_ids').$type<string[]>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a manual payment is deleted (DELETE payment/manual): its entry is reversed, its orders due again. */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /** The provider's id of the payment: the Stripe transfer (tr_...) or the PayPal batch. */
    providerRef: text('provider_ref'),
    /** Where the payment goes: the Stripe account or the PayPal receiver, frozen when it is recorded. */
    destination: text('destination'),
    /** The provider's last answer when it refused or failed. */
    message: text('message'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('restrict'),
    index('payouts_store_vendor_created_idx').on(t.storeId, t.vendorId, t.createdAt),
    // The recovery reads the payments still in flight, a handful among all.
    index('payouts_pending_idx').on(t.storeId, t.createdAt).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * A refund of an order, once per source refund (a platform refund delivered twice is one refund);
 * the ledger entries it wrote carry its id.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    /** The platform's refund id, or our own id for an admin's refund of a built-in storefront order. */
    sourceRefundId: text('source_refund_id').notNull(),
    lines: jsonb('lines').$type<{ lineId: string; quantity: number }[]>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete('cascade'),
    uniqueIndex('order_refunds_source_uq').on(t.storeId, t.orderId, t.sourceRefundId),
  ],
);

/**
 * The ledger: every movement of a vendor's money, append-only (a trigger refuses UPDATE and DELETE;
 * a correction is a new entry with `reverses_entry_id`). Amounts are signed integer minor units of
 * `currency`, from the vendor's side: + the marketplace owes the vendor more, − less. A vendor's
 * balance is the sum of its entries with `in_payout`; the flags are frozen from the store's
 * financeConfig when the entry is written, so changing the settings never rewrites history.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onUpdate: 'cascade' }),
    vendorId: uuid('vendor_id').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount_minor', { mode: 'number' }).notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    /** Counts in the vendor's balance (what a payout pays): financeConfig's *InPayout for tax, shipping and discount. */
    inPayout: boolean('in_payout').notNull(),
    /** Counts in the sales figure: financeConfig's include* for tax, shipping and discount. */
    inSales: boolean('in_sales').notNull(),
    orderId: uuid('order_id'),
    vendorOrderId: uuid('vendor_order_id'),
    orderLineId: uuid('order_line_id'),
    /** The order number, kept with the entry for the search and the list. */
    orderName: text('order_name').notNull().default(''),
    refundId: uuid('refund_id'),
    payoutId: uuid('payout_id'),
    reversesEntryId: uuid('reverses_entry_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    memo: text('memo').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('restrict'),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }),
    foreignKey({ columns: [t.storeId, t.vendorOrderId], foreignColumns: [vendorOrders.storeId, vendorOrders.id] }),
    foreignKey({ columns: [t.storeId, t.orderLineId], foreignColumns: [orderLines.storeId, orderLines.id] }),
    foreignKey({ columns: [t.storeId, t.refundId], foreignColumns: [orderRefunds.storeId, orderRefunds.id] }),
    foreignKey({ columns: [t.storeId, t.payoutId], foreignColumns: [payouts.storeId, payouts.id] }),
    foreignKey({ columns: [t.storeId, t.reversesEntryId], foreignColumns: [t.storeId, t.id] }),
    // The transaction list, newest first, for the marketplace and for one vendor.
    index('ledger_store_occurred_idx').on(t.storeId, t.occurredAt, t.id),
    index('ledger_store_vendor_occurred_idx').on(t.storeId, t.vendorId, t.occurredAt, t.id),
    index('ledger_store_kind_occurred_idx').on(t.storeId, t.kind, t.occurredAt, t.id),
    index('ledger_vendor_order_idx').on(t.vendorOrderId),
    index('ledger_payout_idx').on(t.payoutId).where(sql`${t.payoutId} is not null`),
    index('ledger_store_order_name_idx').on(t.storeId, sql`lower(${t.orderName}) text_pattern_ops`),
    // An entry is reversed at most once: a cancellation delivered twice cannot take the money twice.
    uniqueIndex('ledger_reverses_uq').on(t.reversesEntryId, t.storeId).where(sql`${t.reversesEntryId} is not null`),
  ],
);

/*
 * Daily rollups for the dashboard and the balances: sums of the ledger (and counts of orders) per
 * day on the store's clock (settings.timeZone), written by statement triggers in the same
 * transaction as the rows they sum (migration h-money-rollups), so they are exact at every commit
 * whoever writes the rows. A change of the store's time zone rebuilds the store's rows. Amounts are
 * signed minor units from the vendor's side, like the ledger.
 */
export const ledgerDaily = pgTable(
  'ledger_daily',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    vendorId: uuid('vendor_id').notNull(),
    currency: text('currency').notNull(),
    day: date('day').notNull(),
    /** The entries counted in sales (in_sales). */
    sales: bigint('sales_minor', { mode: 'number' }).notNull().default(0),
    commission: bigint('commission_minor', { mode: 'number' }).notNull().default(0),
    /** payout and manual_payment entries. */
    payouts: bigint('payouts_minor', { mode: 'number' }).notNull().default(0),
    refunds: bigint('refunds_minor', { mode: 'number' }).notNull().default(0),
    /** The entries counted in the balance (in_payout). */
    inPayout: bigint('in_payout_minor', { mode: 'number' }).notNull().default(0),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.currency, t.day, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    index('ledger_daily_store_day_idx').on(t.storeId, t.day),
    index('ledger_daily_store_vendor_day_idx').on(t.storeId, t.vendorId, t.day),
  ],
);

/**
 * Goods sold less refunded per product and day (the dashboard's top products), for the marketplace:
 * one row per product whatever the vendor, so a year is products × days however many vendors sell.
 */
export const productDaily = pgTable(
  'product_daily',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    currency: text('currency').notNull(),
    day: date('day').notNull(),
    /** The product's id, or the line's title for goods not (or no longer) in the catalog. */
    productKey: text('product_key').notNull(),
    productId: uuid('product_id'),
    title: text('title').notNull(),
    sales: bigint('sales_minor', { mode: 'number' }).notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency, t.productKey, t.storeId] }), index('product_daily_store_day_idx').on(t.storeId, t.day)],
);

/** The same per vendor (a vendor's own top products). */
export const vendorProductDaily = pgTable(
  'vendor_product_daily',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    vendorId: uuid('vendor_id').notNull(),
    currency: text('currency').notNull(),
    day: date('day').notNull(),
    productKey: text('product_key').notNull(),
    productId: uuid('product_id'),
    title: text('title').notNull(),
    sales: bigint('sales_minor', { mode: 'number' }).notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.day, t.currency, t.productKey, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
  ],
);

/** The marketplace's orders placed per day, and how many of them are cancelled. */
export const orderDaily = pgTable(
  'order_daily',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    day: date('day').notNull(),
    orders: integer('orders').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeId] })],
);

/** A vendor's parts of orders placed per day, and how many are cancelled. */
export const vendorOrderDaily = pgTable(
  'vendor_order_daily',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    vendorId: uuid('vendor_id').notNull(),
    day: date('day').notNull(),
    orders: integer('orders').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.day, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
  ],
);

/*
 * The transaction list's totals and counts: the ledger's sums per day, currency, kind, flags and
 * payout state (the vendor order's, 'paid' for payments, '' for entries of no order), so every
 * filter of the list but the order search reads whole days from here and only the two partial edge
 * days from the entries. The payout state moves with the vendor order (a trigger on vendor_orders).
 */
const kindDailyColumns = {
  storeId: text('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  currency: text('currency').notNull(),
  day: date('day').notNull(),
  kind: text('kind').$type<LedgerKind>().notNull(),
  inSales: boolean('in_sales').notNull(),
  inPayout: boolean('in_payout').notNull(),
  payout: text('payout').notNull(),
  amount: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
  entries: integer('entries').notNull().default(0),
};

/** The marketplace's: one row per day and kind whatever the vendor, so all time is days × kinds. */
export const ledgerKindDaily = pgTable('ledger_kind_daily', kindDailyColumns, (t) => [
  primaryKey({ columns: [t.day, t.currency, t.kind, t.inSales, t.inPayout, t.payout, t.storeId] }),
  index('ledger_kind_daily_store_day_idx').on(t.storeId, t.day),
]);

/** The same per vendor (one vendor's list, a vendor's own). */
export const vendorLedgerKindDaily = pgTable(
  'vendor_ledger_kind_daily',
  { ...kindDailyColumns, vendorId: uuid('vendor_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.day, t.currency, t.kind, t.inSales, t.inPayout, t.payout, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    index('vendor_ledger_kind_daily_store_vendor_day_idx').on(t.storeId, t.vendorId, t.day),
  ],
);

/**
 * The payout state of each entry that has one (its vendor order's; 'paid' for payments), kept by
 * triggers beside the append-only ledger: the due and paid filters page through its indexes in the
 * list's order instead of testing every entry's vendor order.
 */
export const ledgerPayoutState = pgTable(
  'ledger_payout_state',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onUpdate: 'cascade' }),
    entryId: uuid('entry_id').notNull(),
    vendorId: uuid('vendor_id').notNull(),
    vendorOrderId: uuid('vendor_order_id'),
    kind: text('kind').$type<LedgerKind>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    payout: text('payout').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.entryId], foreignColumns: [ledgerEntries.storeId, ledgerEntries.id] }),
    index('ledger_payout_state_store_payout_idx').on(t.storeId, t.payout, t.occurredAt, t.entryId),
    index('ledger_payout_state_store_vendor_payout_idx').on(t.storeId, t.vendorId, t.payout, t.occurredAt, t.entryId),
    index('ledger_payout_state_vendor_order_idx').on(t.vendorOrderId, t.storeId),
  ],
);
