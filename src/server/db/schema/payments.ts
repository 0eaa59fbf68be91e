import { foreignKey, boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.vendorId, t.provider] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
  ],
);
