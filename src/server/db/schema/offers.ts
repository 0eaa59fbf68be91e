import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OfferActor, OfferEvent, OfferStatus } from '#shared/schemas/offers';
import { stores, vendors } from './stores.ts';

/**
 * A buyer's offer on one variant (make-an-offer). Amounts are per unit, in minor units of
 * `currency`; titles and the listed price are kept as they were, so the list never joins the catalog
 * and a later price change does not rewrite the offer. No key to the variant: a product edit that
 * replaces variants keeps the offer's history.
 */
export const offers = pgTable(
  'offers',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    vendorId: uuid('vendor_id').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    productTitle: text('product_title').notNull(),
    variantTitle: text('variant_title').notNull().default(''),
    buyerEmail: text('buyer_email').notNull(),
    quantity: integer('quantity').notNull(),
    currency: text('currency').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    counterAmount: bigint('counter_amount', { mode: 'number' }),
    agreedAmount: bigint('agreed_amount', { mode: 'number' }),
    status: text('status').$type<OfferStatus>().notNull().default('pending'),
    /** Whether the offer holds its quantity out of the variant's stock (accepted, waiting for the checkout). */
    reservedStock: integer('reserved_stock').notNull().default(0),
    /** A pending or countered offer lapses then; an accepted offer's checkout ends then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id], name: 'offers_vendor_fk' }).onDelete(
      'cascade',
    ),
    // One open offer per buyer and variant: a second one while the first is in play is refused.
    uniqueIndex('offers_open_uq').on(t.variantId, t.buyerEmail, t.storeId).where(sql`${t.status} in ('pending', 'countered', 'accepted')`),
    index('offers_store_created_idx').on(t.storeId, t.createdAt, t.id),
    index('offers_store_vendor_created_idx').on(t.storeId, t.vendorId, t.createdAt, t.id),
    // The expiry sweep reads only the offers that can lapse.
    index('offers_store_expiry_idx').on(t.storeId, t.expiresAt).where(sql`${t.status} in ('pending', 'countered', 'accepted')`),
    // Competing offers on a variant, declined when its last unit goes.
    index('offers_store_variant_open_idx').on(t.storeId, t.variantId).where(sql`${t.status} in ('pending', 'countered')`),
  ],
);

/** Each step of an offer: what happened, who did it, at which amount (per unit, minor units) and when. */
export const offerEvents = pgTable(
  'offer_events',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    offerId: uuid('offer_id').notNull(),
    event: text('event').$type<OfferEvent>().notNull(),
    actor: text('actor').$type<OfferActor>().notNull(),
    actorName: text('actor_name').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Steps of one instant keep the order they were written in. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.offerId], foreignColumns: [offers.storeId, offers.id], name: 'offer_events_offer_fk' }).onDelete(
      'cascade',
    ),
    index('offer_events_offer_idx').on(t.storeId, t.offerId, t.seq),
  ],
);
