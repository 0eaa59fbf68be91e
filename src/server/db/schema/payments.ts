import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores, vendors } from './stores.ts';

export type PaymentProvider = 'stripe' | 'paypal';

/**
 * A store's key for a payment provider (Stripe's secret key, PayPal's client id and secret), sealed
 * with the install's encryption (context: store and provider), so a copied value decrypts nowhere else.
 */
export const paymentProviderKeys = pgTable(
  'payment_provider_keys',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** The encrypted JSON of the credentials. */
    sealed: text('sealed').notNull(),
    /** A Stripe test key (sk_test_) or a PayPal sandbox app. */
    isTest: boolean('is_test').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.provider] })],
);

/**
 * Where a vendor is paid through a provider: its Stripe connected account (`acct_...`) or its PayPal
 * receiver (an e-mail, or a Venmo handle). One row per vendor and provider.
 */
export const vendorPayoutAccounts = pgTable(
  'vendor_payout_accounts',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    vendorId: uuid('vendor_id').notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** Stripe: the connected account id; PayPal: the receiver (e-mail or Venmo handle). */
    accountRef: text('account_ref').notNull(),
    /** PayPal: EMAIL or USER_HANDLE; Stripe: the country the account was made for. */
    kind: text('kind').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Made under a Stripe test key or a PayPal sandbox. */
    isTest: boolean('is_test').notNull(),
    /**
     * Whether the provider can pay this account now, as last heard: Stripe's payouts_enabled (read on
     * the vendor's payments screen and from account.updated events); a PayPal receiver always can.
     */
    canReceive: boolean('can_receive').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.vendorId, t.provider] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
  ],
);

/**
 * A connected account being made at Stripe for a vendor: the row is the lock (one per vendor, so
 * parallel registrations make one account) and its key the `Idempotency-Key` of the call, so a
 * retry after an unknown outcome gets the same account back. Deleted once the account is recorded.
 */
export const stripeAccountIntents = pgTable(
  'stripe_account_intents',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    vendorId: uuid('vendor_id').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    /** calling: a request is talking to Stripe; unknown: it got no answer, the next one asks again. */
    state: text('state').$type<'calling' | 'unknown'>().notNull().default('calling'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.vendorId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
  ],
);

/**
 * Where a provider sends a store's payout events: a Stripe webhook endpoint (one for the platform
 * account's events, one for its connected accounts'), its signing secret sealed; PayPal's webhook
 * id (its events are verified by PayPal with that id, there is no secret).
 */
export const paymentWebhooks = pgTable(
  'payment_webhooks',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** Stripe: 'account' or 'connect'; PayPal: 'account'. */
    scope: text('scope').$type<'account' | 'connect'>().notNull(),
    endpointId: text('endpoint_id').notNull(),
    secretSealed: text('secret_sealed').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.provider, t.scope] })],
);

/** Each provider event applied once: a redelivered event id finds its row and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.provider, t.storeId] })],
);

export type PayoutExceptionKind =
  | 'failed'
  | 'returned'
  | 'reversed'
  | 'unclaimed'
  | 'blocked'
  | 'in_doubt'
  | 'bank_payout_failed'
  | 'mismatch'
  | 'not_payable';

/**
 * A payout whose fate needs an admin: the provider failed, returned or reversed it (its entries are
 * reversed and its orders due again already), or we cannot tell whether it was paid (it waits, still
 * pending, for the admin's answer), or the daily reconciliation found our records and the
 * provider's apart. Open until an admin resolves it; one open exception per subject (`key`).
 */
export const payoutExceptions = pgTable(
  'payout_exceptions',
  {
    id: uuid('id').notNull().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    payoutId: uuid('payout_id'),
    vendorId: uuid('vendor_id'),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    kind: text('kind').$type<PayoutExceptionKind>().notNull(),
    /** The provider's reason, in its words where it gave some. */
    reason: text('reason').notNull(),
    /** The provider's id of what it is about (transfer, batch, item, bank payout). */
    providerRef: text('provider_ref'),
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency'),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by'),
    resolution: text('resolution').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    uniqueIndex('payout_exceptions_open_key_uq').on(t.storeId, t.key).where(sql`${t.resolvedAt} is null`),
    index('payout_exceptions_store_created_idx').on(t.storeId, t.createdAt),
  ],
);
