import { eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { products, storefrontListings } from '#server/db/schema/index';
import { StorefrontSyncError } from '#server/adapters/storefront/types';
import { isSellable } from './enqueue-product-sync.ts';
import { loadStorefrontProduct } from './load-storefront-product.ts';
import { storefrontPlatformFor } from './storefront-platform-for.ts';
import { enqueueTranslationsSync } from './sync-translations.ts';

/** Longer than a sync of the biggest product takes through throttling; a crashed run frees it after this. */
const LEASE_MS = 5 * 60 * 1000;

export type SyncOutcome = 'published' | 'unpublished' | 'removed' | 'unchanged' | 'refused';

/**
 * The job: brings one product on its store's storefront platform to the state it has now (the job
 * reads the product when it runs, so an old job never pushes an old version). Sellable → publish;
 * no longer sellable → unpublish; deleted → remove. A failure a retry may fix (network, throttling,
 * 5xx) is thrown so the queue retries with backoff; a refusal of the product itself (userErrors) is
 * recorded on the listing and not retried: the next change of the product queues a new push.
 */
export async function syncProduct(ctx: AppContext, productId: string): Promise<SyncOutcome> {
  const [product] = await ctx.db.select().from(products).where(eq(products.id, productId));
  const [listing] = await ctx.db.select().from(storefrontListings).where(eq(storefrontListings.productId, productId));
  const wanted = !product ? 'removed' : isSellable(product) ? 'published' : 'unpublished';
  if (wanted !== 'published' && !listing) return 'unchanged';
  const storeId = product?.storeId ?? listing!.storeId;

  // The lease: one run at a time per product, across processes.
  const now = ctx.now();
  const [claimed] = await ctx.db
    .insert(storefrontListings)
    .values({ productId, storeId, lockedUntil: new Date(now.getTime() + LEASE_MS) })
    .onConflictDoUpdate({
      target: [storefrontListings.storeId, storefrontListings.productId],
      set: { lockedUntil: new Date(now.getTime() + LEASE_MS) },
      setWhere: or(isNull(storefrontListings.lockedUntil), lt(storefrontListings.lockedUntil, now)),
    })
    .returning();
  if (!claimed) throw new Error('Another sync of this product is running; trying again later');

  const release = (set: Partial<typeof storefrontListings.$inferInsert> = {}) =>
    ctx.db
      .update(storefrontListings)
      .set({ ...set, lockedUntil: null })
      .where(eq(storefrontListings.productId, productId));
  try {
    const { platform, shop } = await storefrontPlatformFor(ctx, storeId, async (_id, forShop) =>
      claimed.platform === 'shopify' && claimed.shop === forShop ? claimed.platformProductId : null,
    );
    const samePlace = claimed.platform === platform.kind && claimed.shop === shop;

    if (wanted === 'removed') {
      await platform.removeProduct(productId);
      await ctx.db.delete(storefrontListings).where(eq(storefrontListings.productId, productId));
      return 'removed';
    }
    if (wanted === 'unpublished') {
      if (claimed.state === 'unpublished') {
        await release();
        return 'unchanged';
      }
      await platform.unpublishProduct(productId);
      await release({ state: 'unpublished', syncedUpdatedAt: product!.updatedAt, syncedAt: ctx.now(), lastError: null });
      return 'unpublished';
    }
    if (samePlace && claimed.state === 'published' && claimed.syncedUpdatedAt?.getTime() === product!.updatedAt.getTime()) {
      await release();
      return 'unchanged';
    }
    const result = await platform.publishProduct(await loadStorefrontProduct(ctx, product!));
    await release({
      platform: platform.kind,
      shop,
      // A product moved from one shop to another (or to the built-in storefront) keeps no stale platform id.
      platformProductId: result.platformProductId,
      state: 'published',
      syncedUpdatedAt: product!.updatedAt,
      syncedAt: ctx.now(),
      lastError: null,
    });
    // The platform's texts may have changed with this version: translations made from them go again.
    if (platform.kind === 'shopify')
      await enqueueTranslationsSync(ctx, { storeId, productId, version: product!.updatedAt, onlyIfTranslated: true });
    return 'published';
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    await release({ lastError: message });
    if (error instanceof StorefrontSyncError && !error.retryable) return 'refused';
    throw error;
  }
}

/** The job handler: the payload names the product. */
export const syncProductJob =
  (ctx: AppContext) =>
  async ({ productId }: { productId: string }) => {
    await syncProduct(ctx, productId);
  };

/**
 * The batch job: each product in turn. A product the platform could not take now does not stop the
 * others; the job then fails for the queue to retry, and the products already pushed answer "unchanged".
 */
export const syncProductsJob =
  (ctx: AppContext) =>
  async ({ productIds }: { productIds: string[] }) => {
    let failure: unknown;
    for (const productId of productIds) await syncProduct(ctx, productId).catch((error: unknown) => (failure ??= error));
    if (failure) throw failure;
  };
