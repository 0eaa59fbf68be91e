import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AddonId, PlanId } from '#shared/plans';
import type { SubscriptionStatus } from '#shared/schemas/membership';
import { stores, vendors } from './stores.ts';

/**
 * The marketplace's own plan with us (installation): chosen by an admin, confirmed on the storefront
 * platform (at once on the built-in one). No row: the store is in its installation trial.
 */
export const storePlans = pgTable(
  'store_plans',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    plan: text('plan').$type<PlanId>().notNull(),
    /** The add-ons bought (those the plan includes are not listed). */
    addons: jsonb('addons').$type<AddonId[]>().notNull().default([]),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    /** The platform's subscription (AppSubscription gid) that pays for this plan; null on the built-in platform. */
    platformSubscriptionId: text('platform_subscription_id'),
    /** The last time the platform called subscription/changed for this store. */
    platformNotifiedAt: timestamp('platform_notified_at', { withTimezone: true }),
    updatedBy: uuid('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.storeId] })],
);

export type PlanChargeStatus = 'pending' | 'active' | 'declined' | 'expired' | 'cancelled' | 'frozen';

/**
 * A plan change charged through the storefront platform's billing (appSubscriptionCreate): what the
 * admin chose, waiting for the merchant to approve it on the platform. The platform's
 * app_subscriptions/update webhook moves it on; only an ACTIVE one changes the store's plan.
 */
export const planCharges = pgTable(
  'plan_charges',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    shop: text('shop').notNull(),
    plan: text('plan').$type<PlanId>().notNull(),
    addons: jsonb('addons').$type<AddonId[]>().notNull().default([]),
    /** USD cents a month, as the platform charges it. */
    price: integer('price').notNull(),
    /** The platform's AppSubscription gid; null until the platform answered. */
    platformSubscriptionId: text('platform_subscription_id'),
    status: text('status').$type<PlanChargeStatus>().notNull().default('pending'),
    requestedBy: uuid('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    uniqueIndex('plan_charges_subscription_uq').on(t.platformSubscriptionId, t.storeId),
    index('plan_charges_store_idx').on(t.storeId, t.createdAt),
  ],
);

/** A vendor's membership: its subscription on the marketplace's Stripe account, as the webhooks left it. */
export const vendorMemberships = pgTable(
  'vendor_memberships',
  {
    vendorId: uuid('vendor_id').notNull(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    status: text('status').$type<SubscriptionStatus>(),
    priceId: text('price_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** `created` of the last event applied: an older event arriving late does not undo a newer one. */
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    index('vendor_memberships_store_subscription_idx').on(t.storeId, t.subscriptionId),
  ],
);

/** The Stripe webhook endpoint registered for a store's membership events; its signing secret sealed. */
export const membershipWebhooks = pgTable(
  'membership_webhooks',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    endpointId: text('endpoint_id').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId] })],
);

/** Each provider event applied once: a redelivered event id finds its row and changes nothing. */
export const membershipEvents = pgTable(
  'membership_events',
  {
    eventId: text('event_id').notNull(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.storeId] })],
);
