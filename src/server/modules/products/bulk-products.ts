import { and, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  BULK_MESSAGES,
  BULK_PRODUCT_ACTIONS,
  BULK_PRODUCTS_INLINE,
  BULK_PRODUCTS_MAX,
  PutProductBodySchema,
  type BulkProductAction,
  type ParsedProductListQuery,
  type ProductBulkAnswer,
} from '#shared/schemas/products';
import type { AppContext } from '#server/context';
import { products } from '#server/db/schema/index';
import { AppError, badRequest, forbidden } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { actingUser } from '#server/http/acting-user';
import { defineJob, jobIds } from '#server/jobs/job-kind';
import { ACTION_MESSAGES, applyProductAction } from './decide-product.ts';
import { encodeCursor, fetchPage, planOf, resolveVendor } from './list-products.ts';
import { getProduct } from './get-product.ts';
import { createOrUpdateProduct } from './save-product.ts';
import { scopeOf } from './product-scope.ts';
import { inVendorScope } from '../vendors/index.ts';

export const BULK_PRODUCTS_JOB = defineJob(
  'products-bulk',
  z.object({
    storeId: jobIds.storeId,
    userId: jobIds.id,
    vendorId: z.string().nullable(),
    action: z.enum(BULK_PRODUCT_ACTIONS),
    note: z.string().optional(),
    ids: z.array(z.string()).max(BULK_PRODUCTS_MAX),
  }),
);

/** The ids are read from the list's index a page of this many at a time. */
const MATCH_PAGE = 1000;

interface BulkRequest {
  action: BulkProductAction;
  note?: string;
  ids?: string[];
  filter?: Pick<ParsedProductListQuery, 'status' | 'approval' | 'stock' | 'q' | 'vendor'>;
}

/** The caller's products among `ids`: another vendor's or store's id is left out, as the list would. */
async function scopedIds(ctx: AppContext, auth: AuthContext, ids: string[]): Promise<string[]> {
  const scope = scopeOf(auth);
  const found = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(inVendorScope(products, scope), inArray(products.id, ids)));
  return found.map((r) => r.id);
}

/** Every product the list's filter matches for the caller, read as the list reads them; one past the maximum at most. */
async function matchingIds(ctx: AppContext, auth: AuthContext, filter: NonNullable<BulkRequest['filter']>): Promise<string[]> {
  const plan = await resolveVendor(ctx.db, planOf(auth, { ...filter, sort: 'UPDATED_AT', first: MATCH_PAGE }));
  const ids: string[] = [];
  let after: string | undefined;
  while (ids.length <= BULK_PRODUCTS_MAX) {
    const page = await fetchPage(ctx.db, plan, { after, first: MATCH_PAGE });
    ids.push(...page.ids.map((r) => r.id));
    const last = page.ids.at(-1);
    if (!page.hasNextPage || !last) break;
    after = encodeCursor(plan.sort, last.k, last.id);
  }
  return ids;
}

/** One product's change, as the single action or the editor's save makes it (the same checks, log, mail and sync). */
async function applyOne(ctx: AppContext, auth: AuthContext, productId: string, action: BulkProductAction, note: string | undefined) {
  if (action === 'approve' || action === 'unapprove' || action === 'delete') {
    await applyProductAction(ctx, auth, productId, action, note);
    return;
  }
  const status = action === 'activate' ? 'ACTIVE' : 'DRAFT';
  const product = await getProduct(ctx, auth, productId);
  if (product.status === status) return;
  await createOrUpdateProduct(ctx, auth, PutProductBodySchema.shape.product.parse({ ...product, status }));
}

/**
 * Applies the action to each product in turn; answers how many succeeded and why the others failed.
 * `until` stops it early (a job handing over): `done` says how many it got through.
 */
async function applyAll(
  ctx: AppContext,
  auth: AuthContext,
  ids: string[],
  action: BulkProductAction,
  note: string | undefined,
  until = () => false,
) {
  const failures: { id: string; message: string }[] = [];
  let done = 0;
  for (const id of ids) {
    if (until()) break;
    done++;
    try {
      await applyOne(ctx, auth, id, action, note);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const field = error.errors?.[0];
      failures.push({ id, message: field ? `${field.path}: ${field.message}` : error.message });
    }
  }
  const titles = failures.length
    ? new Map(
        (
          await ctx.db
            .select({ id: products.id, title: products.title })
            .from(products)
            .where(
              inArray(
                products.id,
                failures.map((f) => f.id),
              ),
            )
        ).map((r) => [r.id, r.title]),
      )
    : new Map<string, string>();
  return { done, succeeded: done - failures.length, failures: failures.map((f) => ({ ...f, title: titles.get(f.id) ?? '' })) };
}

/**
 * POST products-v2/bulk: the action on the chosen products or on every product the filter matches,
 * within the caller's store and vendor. The products are fixed when the call comes (a product the
 * action moves out of the filter is not skipped, nor one moved in picked up); at most
 * BULK_PRODUCTS_MAX, and past BULK_PRODUCTS_INLINE a job changes them one by one.
 */
export async function bulkProducts(ctx: AppContext, auth: AuthContext, request: BulkRequest): Promise<ProductBulkAnswer> {
  if (!auth.isAdmin && request.action === 'delete') throw forbidden(ACTION_MESSAGES.deleteByMarketplace);
  if (!request.ids === !request.filter) throw badRequest(BULK_MESSAGES.idsOrFilter);
  const ids = request.ids ? await scopedIds(ctx, auth, request.ids) : await matchingIds(ctx, auth, request.filter!);
  if (ids.length > BULK_PRODUCTS_MAX) throw badRequest(BULK_MESSAGES.tooMany);
  if (ids.length > BULK_PRODUCTS_INLINE) {
    await ctx.jobs.enqueue(BULK_PRODUCTS_JOB, {
      storeId: auth.storeId,
      userId: auth.userId,
      vendorId: auth.vendorId,
      action: request.action,
      note: request.note,
      ids,
    });
    return { matched: ids.length, queued: true, succeeded: 0, failures: [] };
  }
  const { succeeded, failures } = await applyAll(ctx, auth, ids, request.action, request.note);
  return { matched: ids.length, queued: false, succeeded, failures };
}

/** A job run hands the products left over to a fresh job after this long, well inside the job lease. */
const RUN_MS = 60_000;

/** The job of a large bulk action: as the caller who started it, product by product. */
export async function runBulkProducts(ctx: AppContext, payload: z.infer<typeof BULK_PRODUCTS_JOB.payload>, shutdown?: AbortSignal) {
  const auth = await actingUser(ctx.db, payload);
  const startedAt = Date.now();
  const { done } = await applyAll(
    ctx,
    auth,
    payload.ids,
    payload.action,
    payload.note,
    () => Date.now() - startedAt > RUN_MS || !!shutdown?.aborted,
  );
  if (done < payload.ids.length) await ctx.jobs.enqueue(BULK_PRODUCTS_JOB, { ...payload, ids: payload.ids.slice(done) });
}
