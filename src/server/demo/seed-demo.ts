import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { stores, users, vendors } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { RegistrationField } from '#shared/schemas/registration';

export const DEMO_STORE = 'demo';
export const DEMO_ACCOUNTS = {
  admin: 'admin@demo.test',
  vendor1: 'vendor1@demo.test',
  vendor2: 'vendor2@demo.test',
} as const;

/** One registration field of every type of the spec, some required, some optional. */
export const DEMO_REGISTRATION_FIELDS: RegistrationField[] = [
  { key: 'company', name: 'Company name', type: 'text', required: true, description: '', options: [], link: '' },
  { key: 'about', name: 'About your shop', type: 'textarea', required: false, description: 'What do you sell?', options: [], link: '' },
  { key: 'story', name: 'Your story', type: 'richtext', required: false, description: '', options: [], link: '' },
  {
    key: 'categories',
    name: 'Categories',
    type: 'checkbox',
    required: true,
    description: '',
    options: ['Fashion', 'Home', 'Art', 'Food'],
    link: '',
  },
  {
    key: 'country',
    name: 'Country',
    type: 'select',
    required: true,
    description: '',
    options: ['Netherlands', 'Germany', 'France', 'Spain', 'Other'],
    link: '',
  },
  { key: 'kvk', name: 'Chamber of commerce extract', type: 'file', required: false, description: 'PDF or image', options: [], link: '' },
  {
    key: 'terms',
    name: 'I agree to the terms and conditions',
    type: 'terms',
    required: true,
    description: '',
    options: [],
    link: 'https://example.com/terms',
  },
  {
    key: 'intro',
    name: 'How selling here works',
    type: 'video',
    required: false,
    description: '',
    options: [],
    link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  },
  { key: 'logo', name: 'Shop logo', type: 'image', required: true, description: '', options: [], link: '' },
  { key: 'gallery', name: 'Product photos or videos', type: 'media', required: false, description: '', options: [], link: '' },
];

/** Creates the demo marketplace: store "demo", one admin and two vendors with the demo password. */
export async function seedDemo(db: Db, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.insert(stores).values({
      id: DEMO_STORE,
      shopName: 'Demo Marketplace',
      settings: {
        registration: { enableApproval: true, fields: DEMO_REGISTRATION_FIELDS },
        support: { title: 'Demo Marketplace support', email: 'support@demo.test' },
        // The built-in checkout takes the manual methods (card payments need the marketplace's Stripe key).
        payments: {
          manualMethods: {
            bankTransfer: { enabled: true, instructions: 'Transfer the total to NL91 DEMO 0417 1643 00, quoting your order number.' },
            cashOnDelivery: { enabled: true, instructions: 'Pay the courier in cash when your parcel arrives.' },
          },
        },
        // The demo shows every area that has a screen (a new store starts with them off).
        features: {
          delivery: { enabled: true },
          holidayMode: { enabled: true },
          currencies: { enabled: true },
          translations: { enabled: true },
          auditLogs: { enabled: true },
          discounts: { enabled: true },
          integrations: { enabled: true },
        },
      },
    });
    const [one, two] = await tx
      .insert(vendors)
      .values([
        { storeId: DEMO_STORE, name: 'Vendor One' },
        { storeId: DEMO_STORE, name: 'Vendor Two' },
      ])
      .returning();
    await tx.insert(users).values([
      { storeId: DEMO_STORE, email: DEMO_ACCOUNTS.admin, name: 'Demo Admin', isAdmin: true, passwordHash },
      { storeId: DEMO_STORE, email: DEMO_ACCOUNTS.vendor1, name: null, vendorId: one.id, passwordHash },
      { storeId: DEMO_STORE, email: DEMO_ACCOUNTS.vendor2, name: null, vendorId: two.id, passwordHash },
    ]);
  });
}

/**
 * Seeds an empty embedded database (never a PostgreSQL one unless asked: `npm run seed:demo` or
 * SEED_DEMO=true). Returns the demo accounts to print when the demo store is there, and whether it
 * was made just now (then the caller adds its sales, which need the running app).
 */
export async function seedDemoIfEmpty(database: Database, config: Config) {
  const wanted = config.seedDemo === 'true' || (config.seedDemo === 'auto' && database.kind === 'pglite');
  const [{ count }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(stores);
  const fresh = wanted && count === 0;
  if (fresh) await seedDemo(database.db, config.demoPassword);
  const [demo] = await database.db.select({ id: stores.id }).from(stores).where(eq(stores.id, DEMO_STORE));
  return demo ? { emails: Object.values(DEMO_ACCOUNTS), password: config.demoPassword, fresh } : null;
}
