import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { discounts, products, storefrontListings } from '#server/db/schema/index';
import { defineJob, jobIds } from '#server/jobs/job-kind';
import { isAutomaticId } from '#server/adapters/storefront/shopify/discount-codes';
import { StorefrontSyncError, type StorefrontAutomaticDiscount, type StorefrontDiscountCode } from '#server/adapters/storefront/types';
import { readStoreSettings } from '../settings/index.ts';

export const DISCOUNT_SYNC_JOB = defineJob('discount-sync', z.object({ storeId: jobIds.storeId, discountId: jobIds.id }));
/** The queue's backoff (10 s, 40 s, 90 s ...): about 20 minutes over 8 attempts, like the product sync. */
const DISCOUNT_SYNC_ATTEMPTS = 8;

type Row = typeof discounts.$inferSelect;

/**
 * Queues the push of a discount's current state (one job per version: the same change reported
 * twice is queued once). Pass the transaction that changed it, so the job exists exactly when the change does.
 */
export async function enqueueDiscountSync(ctx: AppContext, discount: { storeId: string; discountId: string; version: Date }, db: Db) {
  await ctx.jobs.enqueue(
    DISCOUNT_SYNC_JOB,
    { storeId: discount.storeId, discountId: discount.discountId },
    { dedupeKey: `${DISCOUNT_SYNC_JOB.type}:${discount.discountId}:${discount.version.getTime()}`, maxAttempts: DISCOUNT_SYNC_ATTEMPTS },
    db,
  );
}

/** The discount as the platform should know it; a vendor's discount covers that vendor's products the platform has. */
async function toStorefrontDiscount(ctx: AppContext, row: Row, shop: string): Promise<StorefrontAutomaticDiscount> {
  const decimals = currencyDecimals(row.currency);
  const storeCurrency = (await readStoreSettings(ctx.db, row.storeId)).currency;
  // The platform reads amounts in the shop's currency: one typed in another would change value there.
  if (row.currency !== storeCurrency && (row.valueType === 'fixed' || row.minPurchaseType === 'amount')) {
    throw new StorefrontSyncError(`The discount's amounts are in ${row.currency}; the storefront sells in ${storeCurrency}`, false);
  }
  let productIds: string[] | null = null;
  if (row.vendorId) {
    const listed = await ctx.db
      .select({ id: storefrontListings.platformProductId })
      .from(storefrontListings)
      .innerJoin(products, and(eq(products.storeId, storefrontListings.storeId), eq(products.id, storefrontListings.productId)))
      .where(
        and(
          eq(storefrontListings.storeId, row.storeId),
          eq(storefrontListings.shop, shop),
          eq(products.vendorId, row.vendorId),
          isNotNull(storefrontListings.platformProductId),
        ),
      );
    productIds = listed.map((l) => l.id!);
    if (productIds.length === 0) throw new StorefrontSyncError("None of the vendor's products is on the storefront yet", false);
  }
  return {
    title: row.name,
    startsAt: `${row.activeFrom}T00:00:00.000Z`,
    endsAt: row.withEndDate && row.activeUntil ? `${row.activeUntil}T23:59:59.999Z` : null,
    value:
      row.valueType === 'percentage' ? { percentage: row.percentage / 10000 } : { amount: formatMinorUnits(row.fixedAmount, decimals) },
    productIds,
    minimum:
      row.minPurchaseType === 'amount'
        ? { subtotal: formatMinorUnits(row.minPurchaseValue, decimals) }
        : row.minPurchaseType === 'quantity'
          ? { quantity: String(row.minPurchaseValue) }
          : null,
  };
}

const toStorefrontCode = async (ctx: AppContext, row: Row, shop: string): Promise<StorefrontDiscountCode> => ({
  ...(await toStorefrontDiscount(ctx, row, shop)),
  code: row.code,
  usageLimit: row.withUsage ? row.usageLimit : null,
  appliesOncePerCustomer: row.onePerCustomer,
});

async function toStorefrontAutomatic(ctx: AppContext, row: Row, shop: string): Promise<StorefrontAutomaticDiscount> {
  // The platform counts no uses of an automatic discount: pushed, a limit would silently not hold.
  if (row.withUsage || row.onePerCustomer) throw new StorefrontSyncError(DISCOUNT_SYNC_MESSAGES.automaticLimit, false);
  return toStorefrontDiscount(ctx, row, shop);
}

export const DISCOUNT_SYNC_MESSAGES = {
  automaticLimit: "The platform's automatic discounts cannot limit their uses: remove the limit or make it a code",
} as const;

/**
 * The job: brings the platform's copy of a discount to the discount's state now (read when the job
 * runs, so an old job never pushes an old version). A changed code is replaced (deleted, then
 * created: its code may have changed); an automatic discount is updated in place. A store selling
 * on the built-in checkout needs no copy (`local`). Failures a retry may fix are thrown for the
 * queue's backoff; a refusal is recorded on the discount and shown in the list.
 */
export async function syncDiscount(ctx: AppContext, storeId: string, discountId: string) {
  const [row] = await ctx.db
    .select()
    .from(discounts)
    .where(and(eq(discounts.storeId, storeId), eq(discounts.id, discountId)));
  if (!row) return;
  const thisDiscount = and(eq(discounts.storeId, storeId), eq(discounts.id, discountId));
  const keepPlatformId = (set: Pick<Row, 'platformDiscountId' | 'platformShop'>) => ctx.db.update(discounts).set(set).where(thisDiscount);
  // The state shown in the list is this version's only: a newer edit has its own job coming.
  const record = (set: Pick<Row, 'syncState' | 'syncError'>) =>
    ctx.db
      .update(discounts)
      .set(set)
      // Compared at the milliseconds a Date holds (PostgreSQL keeps microseconds).
      .where(and(thisDiscount, sql`date_trunc('milliseconds', ${discounts.updatedAt}) = ${row.updatedAt.toISOString()}::timestamptz`));
  try {
    const admin = await ctx.marketplaceAdmin(storeId);
    const target = ctx.storefront.discounts(admin?.client ?? null);
    let existing = row.platformDiscountId;
    if (existing && !(admin && row.platformShop === admin.shop)) {
      // A copy in a shop the store no longer sells through cannot be reached any more: it is forgotten.
      await keepPlatformId({ platformDiscountId: null, platformShop: null });
      existing = null;
    }
    if (!admin) return void (await record({ syncState: 'local', syncError: null }));
    const takeDown = async () => {
      if (!existing) return;
      await target.removeDiscount(existing);
      await keepPlatformId({ platformDiscountId: null, platformShop: null });
      existing = null;
    };
    if (row.deletedAt) {
      await takeDown();
      return void (await record({ syncState: 'synced', syncError: null }));
    }
    // A version the platform may not have takes the old copy down too: it no longer says what the discount is.
    const refused = async (error: unknown): Promise<never> => {
      if (error instanceof StorefrontSyncError && !error.retryable) await takeDown();
      throw error;
    };
    let platformId: string | null;
    if (row.method === 'automatic') {
      const payload = await toStorefrontAutomatic(ctx, row, admin.shop).catch(refused);
      if (existing && !isAutomaticId(existing)) await takeDown();
      platformId = await target.publishAutomaticDiscount(payload, existing);
    } else {
      const payload = await toStorefrontCode(ctx, row, admin.shop).catch(refused);
      await takeDown();
      platformId = await target.publishDiscountCode(payload);
    }
    await keepPlatformId({ platformDiscountId: platformId, platformShop: admin.shop });
    await record({ syncState: 'synced', syncError: null });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const retry = !(error instanceof StorefrontSyncError && !error.retryable);
    await record({ syncState: retry ? 'pending' : 'failed', syncError: message });
    if (retry) throw error;
  }
}

export function registerDiscountSync(ctx: AppContext) {
  ctx.jobs.register(DISCOUNT_SYNC_JOB, ({ storeId, discountId }) => syncDiscount(ctx, storeId, discountId));
}
