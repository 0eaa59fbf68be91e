import { and, count, eq, ne } from 'drizzle-orm';
import { isAtLimit, type AddonId } from '#shared/plans';
import { INSTALLATION_MESSAGES } from '#shared/schemas/installation';
import type { Db } from '#server/db/client';
import { products, vendors } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { readStorePlan } from './store-plan.ts';

export const fillMessage = (message: string, values: Record<string, string | number>) => message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

/**
 * Refuses a new vendor past the plan's limit (409 with the limit in words). After a downgrade the
 * vendors already there stay; only new ones are refused.
 */
export async function assertVendorAllowed(db: Db, storeId: string, now: Date) {
  const { limits } = await readStorePlan(db, storeId, now);
  if (limits.vendors === null) return;
  const [row] = await db.select({ n: count() }).from(vendors).where(and(eq(vendors.storeId, storeId), eq(vendors.isActive, true)));
  if (isAtLimit(limits.vendors, Number(row.n))) throw new AppError('conflict', fillMessage(INSTALLATION_MESSAGES.vendorsLimit, { limit: limits.vendors }));
}

/**
 * The room the plan leaves for new products (archived ones do not count), taken one product at a
 * time so a batch (the CSV import) gets its first products in and the rest refused each with the
 * message. Counted once, on the first new product.
 */
export async function productSlots(db: Db, storeId: string, now: Date) {
  const { limits } = await readStorePlan(db, storeId, now);
  let used: number | null = null;
  return {
    async take() {
      if (limits.products === null) return;
      used ??= Number((await db.select({ n: count() }).from(products).where(and(eq(products.storeId, storeId), ne(products.status, 'ARCHIVED'))))[0].n);
      if (isAtLimit(limits.products, used)) throw new AppError('conflict', fillMessage(INSTALLATION_MESSAGES.productsLimit, { limit: limits.products }));
      used++;
    },
  };
}

/** Refuses a call that needs an add-on the store's plan lacks (403: the admin may buy it). */
export async function assertAddon(db: Db, storeId: string, now: Date, addon: AddonId) {
  const { addons } = await readStorePlan(db, storeId, now);
  if (!addons.includes(addon)) throw new AppError('forbidden', fillMessage(INSTALLATION_MESSAGES.addonMissing, { addon }));
}
