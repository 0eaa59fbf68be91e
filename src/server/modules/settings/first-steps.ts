import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FirstStep, FirstStepsAnswer } from '#shared/schemas/first-steps';
import type { AppContext } from '#server/context';
import { deliveryZones, paymentProviderKeys, stores, vendors } from '#server/db/schema/index';
import { readStoreSettings } from './store-settings.ts';

const exists = (rows: unknown[]) => rows.length > 0;

/**
 * Where a new marketplace stands with its first steps, read from what is really stored (never a
 * checklist of its own that could drift): a currency chosen, a delivery zone of the marketplace,
 * a way to take or pay money, mail that leaves the building, a registration form with a question,
 * and a vendor.
 */
export async function getFirstSteps(ctx: AppContext, storeId: string): Promise<FirstStepsAnswer> {
  const [[store], settings, zones, keys, anyVendor] = await Promise.all([
    ctx.db
      .select({ chosenCurrency: sql<boolean>`${stores.settings} ? 'currency'` })
      .from(stores)
      .where(eq(stores.id, storeId)),
    readStoreSettings(ctx.db, storeId),
    ctx.db
      .select({ one: sql`1` })
      .from(deliveryZones)
      .where(and(eq(deliveryZones.storeId, storeId), isNull(deliveryZones.vendorId)))
      .limit(1),
    ctx.db.select({ one: sql`1` }).from(paymentProviderKeys).where(eq(paymentProviderKeys.storeId, storeId)).limit(1),
    ctx.db.select({ one: sql`1` }).from(vendors).where(eq(vendors.storeId, storeId)).limit(1),
  ]);
  const manual = settings.payments.manualMethods;
  const done: Record<FirstStep, boolean> = {
    currency: Boolean(store?.chosenCurrency),
    delivery: exists(zones),
    payments: exists(keys) || manual.bankTransfer.enabled || manual.cashOnDelivery.enabled,
    // Without SMTP every mail stays in the outbox: applicants never get their confirmation link.
    mail: Boolean(ctx.config.smtpUrl),
    registration: settings.registration.fields.length > 0,
    vendor: exists(anyVendor),
  };
  return { steps: (Object.keys(done) as FirstStep[]).map((step) => ({ step, done: done[step] })) };
}
