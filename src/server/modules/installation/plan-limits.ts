import { and, count, eq, ne } from 'drizzle-orm';
import { isAtLimit, type AddonId } from '#shared/plans';
import { INSTALLATION_MESSAGES } from '#shared/schemas/installation';
import { lockUntilCommit } from '#server/db/advisory-lock';
import type { Db } from '#server/db/client';
import { products, vendors } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { readStorePlan } from './store-plan.ts';

/** Who meets a limit: an admin can change the plan, a vendor can only ask the marketplace to. */
interface Caller {
  storeId: string;
  isAdmin: boolean;
}

export const fillMessage = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

/**
 * Serialises the saves that count a store's listings against a limit (new products against the
 * plan, activations against a vendor's membership) until the caller's transaction ends, so two
 * saves at the very limit cannot both pass. One key for both counts: a batch takes them in either
 * order, and the lock is re-entrant within a transaction.
 */
export const lockListings = (tx: Db, storeId: string) => lockUntilCommit(tx, `listings:${storeId}`);

/**
 * Refuses a new vendor past the plan's limit (409 with the limit in words). After a downgrade the
 * vendors already there stay; only new ones are refused. `tx` is the transaction that then creates
 * the vendor: the count is locked per store until it ends, so two approvals at the limit give one vendor.
 */
export async function assertVendorAllowed(tx: Db, storeId: string, now: Date) {
  const { limits } = await readStorePlan(tx, storeId, now);
  if (limits.vendors === null) return;
  await lockUntilCommit(tx, `vendors:${storeId}`);
  const [row] = await tx
    .select({ n: count() })
    .from(vendors)
    .where(and(eq(vendors.storeId, storeId), eq(vendors.isActive, true)));
  if (isAtLimit(limits.vendors, Number(row.n)))
    throw new AppError('conflict', fillMessage(INSTALLATION_MESSAGES.vendorsLimit, { limit: limits.vendors }));
}

/**
 * The room the plan leaves for new products (archived ones do not count), taken one product at a
 * time so a batch (the CSV import) gets its first products in and the rest refused each with the
 * message. Counted once, on the first new product, under lockListings: `tx` is the transaction
 * that writes the products.
 */
export async function productSlots(tx: Db, caller: Caller, now: Date) {
  const { storeId } = caller;
  const { limits } = await readStorePlan(tx, storeId, now);
  let used: number | null = null;
  return {
    async take() {
      if (limits.products === null) return;
      if (used === null) {
        await lockListings(tx, storeId);
        used = Number(
          (
            await tx
              .select({ n: count() })
              .from(products)
              .where(and(eq(products.storeId, storeId), ne(products.status, 'ARCHIVED')))
          )[0].n,
        );
      }
      if (isAtLimit(limits.products, used))
        throw new AppError(
          'conflict',
          fillMessage(caller.isAdmin ? INSTALLATION_MESSAGES.productsLimit : INSTALLATION_MESSAGES.productsLimitVendor, {
            limit: limits.products,
          }),
        );
      used++;
    },
  };
}

/**
 * How many new products the plan still takes (null: no limit), counted as productSlots counts them
 * but without its lock: a check before any write (the CSV import's) tells which rows would be
 * refused; the write itself still takes its slots one by one.
 */
export async function productRoom(db: Db, caller: Caller, now: Date): Promise<{ room: number | null; message: string }> {
  const { storeId } = caller;
  const { limits } = await readStorePlan(db, storeId, now);
  const message = fillMessage(caller.isAdmin ? INSTALLATION_MESSAGES.productsLimit : INSTALLATION_MESSAGES.productsLimitVendor, {
    limit: limits.products ?? 0,
  });
  if (limits.products === null) return { room: null, message };
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.storeId, storeId), ne(products.status, 'ARCHIVED')));
  return { room: Math.max(0, limits.products - Number(row.n)), message };
}

/** Refuses a call that needs an add-on the store's plan lacks (403: the admin may buy it, a vendor may ask for it). */
export async function assertAddon(db: Db, caller: Caller, now: Date, addon: AddonId) {
  const { addons } = await readStorePlan(db, caller.storeId, now);
  if (!addons.includes(addon))
    throw new AppError(
      'forbidden',
      fillMessage(caller.isAdmin ? INSTALLATION_MESSAGES.addonMissing : INSTALLATION_MESSAGES.addonMissingVendor, { addon }),
    );
}
