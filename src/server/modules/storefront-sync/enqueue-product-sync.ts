import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { products, storefrontListings } from '#server/db/schema/index';
import { z } from 'zod';
import { defineJob, jobIds } from '#server/jobs/job-kind';

export const STOREFRONT_SYNC_JOB = defineJob('storefront-product-sync', z.object({ productId: jobIds.id }));
/** Products created together (an import's batch): one job pushes them one after the other. */
export const STOREFRONT_BATCH_SYNC_JOB = defineJob(
  'storefront-products-sync',
  z.object({ productIds: z.array(jobIds.id).min(1).max(1000) }),
);
/** Backoff of the queue: 10 s, 40 s, 90 s ... about 20 minutes over 8 attempts. */
export const STOREFRONT_SYNC_ATTEMPTS = 8;

/** What the storefront should show of a product: it is sold only approved and ACTIVE. */
export const isSellable = (p: { approved: boolean; status: string }) => p.approved && p.status === 'ACTIVE';

/** The state the caller just wrote (a save knows it: no need to read the product back). */
export interface KnownProductState {
  approved: boolean;
  status: string;
  updatedAt: Date;
  isNew: boolean;
}

/**
 * Queues the push of a product to its store's storefront platform, when there is something to push:
 * a sellable product (publish), a product the storefront shows that no longer should (unpublish) or a
 * deleted product the storefront still has (remove). One job per product state (id + updated_at +
 * approval + status), so reporting the same change twice queues it once. Pass the transaction that
 * changed the product, so the job exists exactly when the change is committed.
 * Returns whether a job was queued (or already was).
 */
export async function enqueueProductSync(ctx: AppContext, productId: string, db: Db = ctx.db, known?: KnownProductState): Promise<boolean> {
  const [product] = known
    ? [known]
    : await db
        .select({ approved: products.approved, status: products.status, updatedAt: products.updatedAt })
        .from(products)
        .where(eq(products.id, productId));
  // The listing is read only when it decides: a sellable product is pushed whatever it says, and a product just created has none.
  const listing = async () =>
    known?.isNew
      ? undefined
      : (
          await db.select({ state: storefrontListings.state }).from(storefrontListings).where(eq(storefrontListings.productId, productId))
        )[0];
  let state: string;
  if (!product) {
    if (!(await listing())) return false;
    state = 'deleted';
  } else {
    if (!isSellable(product) && (await listing())?.state !== 'published') return false;
    state = `${product.updatedAt.getTime()}:${product.approved ? 'approved' : 'unapproved'}:${product.status}`;
  }
  await ctx.jobs.enqueue(
    STOREFRONT_SYNC_JOB,
    { productId },
    { dedupeKey: `${STOREFRONT_SYNC_JOB.type}:${productId}:${state}`, maxAttempts: STOREFRONT_SYNC_ATTEMPTS },
    db,
  );
  return true;
}

/**
 * Queues one push for a batch of products just created (an import's batch) instead of a job each:
 * the sellable ones (a new product has no listing to take down). Returns how many it queued.
 */
export async function enqueueNewProductsSync(
  ctx: AppContext,
  created: { id: string; approved: boolean; status: string }[],
  db: Db = ctx.db,
): Promise<number> {
  const productIds = created.filter(isSellable).map((p) => p.id);
  if (productIds.length === 0) return 0;
  // New ids: the first and the count name the batch, so reporting it twice queues it once.
  const dedupeKey = `${STOREFRONT_BATCH_SYNC_JOB.type}:${productIds[0]}:${productIds.length}`;
  await ctx.jobs.enqueue(STOREFRONT_BATCH_SYNC_JOB, { productIds }, { dedupeKey, maxAttempts: STOREFRONT_SYNC_ATTEMPTS }, db);
  return productIds.length;
}
