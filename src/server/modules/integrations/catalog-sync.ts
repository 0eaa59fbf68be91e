import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { INTEGRATION_MESSAGES, type CatalogSync } from '#shared/schemas/integrations';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import {
  catalogSyncs,
  externalProductLinks,
  productVariants,
  products,
  users,
  vendors,
  type CatalogSyncProblem,
} from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { defineJob, jobIds } from '#server/jobs/job-kind';
import type { RunningJob } from '#server/jobs/queue';
import { PrestaShopError } from '#server/adapters/prestashop/client';
import {
  createOrUpdateProduct,
  createProducts,
  isConstraintViolation,
  loadProductRules,
  validateProduct,
  variantOut,
  type ProductRules,
  type SaveProductResult,
} from '../products/index.ts';
import { clientOf, findIntegration, requireIntegration, syncView, vendorOf, type IntegrationRow } from './integration-scope.ts';
import { optionNamesOf, toExternalProduct, toProductInput, type ExternalProduct } from './prestashop-product.ts';
import type { ProductData } from '#shared/schemas/products';

export const CATALOG_SYNC_JOB = defineJob('catalog-sync', z.object({ syncId: jobIds.id, storeId: jobIds.storeId }));
/** Products read from the shop and written per transaction, with the progress that counts them. */
export const SYNC_PAGE = 100;
/** A job run hands over to a fresh job after this long, well inside the job lease. */
const RUN_MS = 60_000;
const MAX_ATTEMPTS = 3;
/** Problems kept on the sync (the count of failed products is not capped). */
const PROBLEMS_LISTED = 100;
const SOURCE = 'prestashop' as const;

/** POST integrations/prestashop/sync: starts a sync of the caller's shop (one at a time per vendor); follow it with GET integrations/keys. */
export async function startCatalogSync(ctx: AppContext, auth: AuthContext): Promise<CatalogSync> {
  const vendorId = vendorOf(auth);
  await requireIntegration(ctx.db, auth.storeId, vendorId);
  let row;
  try {
    // The partial unique index on running syncs is the lock: two clicks start one sync.
    [row] = await ctx.db.insert(catalogSyncs).values({ storeId: auth.storeId, vendorId }).returning();
  } catch (error) {
    if (isConstraintViolation(error)) throw new AppError('conflict', INTEGRATION_MESSAGES.syncRunning);
    throw error;
  }
  await ctx.jobs.enqueue(
    CATALOG_SYNC_JOB,
    { syncId: row.id, storeId: auth.storeId },
    { dedupeKey: `${CATALOG_SYNC_JOB.type}:${row.id}:0`, maxAttempts: MAX_ATTEMPTS },
  );
  return syncView(row);
}

/** The caller the sync acts as: the user who connected the shop, in its vendor's view (the store's approval rules for that user apply). */
async function syncAuth(ctx: AppContext, integration: IntegrationRow): Promise<AuthContext> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.storeId, integration.storeId), eq(users.id, integration.userId)));
  const [vendor] = await ctx.db
    .select({ name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.storeId, integration.storeId), eq(vendors.id, integration.vendorId)));
  return {
    userId: integration.userId,
    storeId: integration.storeId,
    email: user?.email ?? '',
    name: user?.name ?? null,
    isAdmin: user?.isAdmin ?? false,
    vendor: vendor?.name ?? '',
    vendorId: integration.vendorId,
  };
}

async function finish(db: Db, syncId: string, status: 'done' | 'failed', error: string | null = null) {
  await db
    .update(catalogSyncs)
    .set({ status, error, updatedAt: sql`now()` })
    .where(and(eq(catalogSyncs.id, syncId), eq(catalogSyncs.status, 'running')));
}

/** The job: runs a sync, and marks it failed when the shop refuses or the last attempt fails (never left running). */
export async function runCatalogSyncJob(ctx: AppContext, { syncId }: z.infer<typeof CATALOG_SYNC_JOB.payload>, job: RunningJob) {
  try {
    await runCatalogSync(ctx, syncId, job.signal);
  } catch (error) {
    if (error instanceof PrestaShopError) return finish(ctx.db, syncId, 'failed', error.message);
    if (job.attempts >= MAX_ATTEMPTS) await finish(ctx.db, syncId, 'failed', 'The sync stopped on an error; start it again');
    throw error;
  }
}

interface Counts {
  progress: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: CatalogSyncProblem[];
}

/**
 * Imports the shop's products a page at a time, resuming at `progress`. Each page is written in one
 * transaction with the progress that counts it, so a crash or retry never writes a product twice;
 * the sync row's lock makes a second runner (a lease that ran out) stop. A product already imported
 * (external_product_links) is updated, and left alone when its digest is unchanged: a re-run of an
 * unchanged shop writes no product.
 */
export async function runCatalogSync(ctx: AppContext, syncId: string, shutdown?: AbortSignal) {
  const [row] = await ctx.db.select().from(catalogSyncs).where(eq(catalogSyncs.id, syncId));
  if (!row || row.status !== 'running') return;
  const integration = await findIntegration(ctx.db, row.storeId, row.vendorId);
  if (!integration) return finish(ctx.db, syncId, 'failed', INTEGRATION_MESSAGES.notConnected);
  const client = await clientOf(ctx, integration);
  const auth = await syncAuth(ctx, integration);
  const rules = await loadProductRules(ctx.db, row.storeId);
  const [options, values] = await Promise.all([client.options(), client.optionValues()]);
  const names = optionNamesOf(options, values);
  let total = row.total;
  if (!total) {
    // The webservice gives no count: the ids alone, a light read, say how many there are.
    for (let page; (page = await client.productIds(total, 1000)).length; ) total += page.length;
    await ctx.db.update(catalogSyncs).set({ total, updatedAt: sql`now()` }).where(eq(catalogSyncs.id, syncId));
  }
  const startedAt = Date.now();
  let state: Counts = {
    progress: row.progress,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    failed: [...row.failed],
  };
  for (;;) {
    if ((Date.now() - startedAt > RUN_MS || shutdown?.aborted) && state.progress > row.progress) {
      await ctx.jobs.enqueue(
        CATALOG_SYNC_JOB,
        { syncId, storeId: row.storeId },
        { dedupeKey: `${CATALOG_SYNC_JOB.type}:${syncId}:${state.progress}`, maxAttempts: MAX_ATTEMPTS },
      );
      return;
    }
    const from = state.progress;
    const page = await client.products(from, SYNC_PAGE);
    const ids = page.map((p) => String(p.id));
    const [combinations, stock] = await Promise.all([client.combinations(ids), client.stockAvailables(ids)]);
    const externals = page.map((p) => toExternalProduct(p, combinations, stock, names, integration, client, rules.decimals));
    const done = page.length < SYNC_PAGE;
    const next = await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ progress: catalogSyncs.progress, status: catalogSyncs.status })
        .from(catalogSyncs)
        .where(eq(catalogSyncs.id, syncId))
        .for('update');
      if (current?.status !== 'running' || current.progress !== from) return null;
      const out = await writePage(ctx, tx, syncId, auth, integration, rules, externals, { ...state, failed: [...state.failed] });
      out.progress += page.length;
      await tx
        .update(catalogSyncs)
        .set({
          ...out,
          total: Math.max(total, out.progress),
          failed: out.failed.slice(0, PROBLEMS_LISTED),
          status: done ? 'done' : 'running',
          updatedAt: sql`now()`,
        })
        .where(eq(catalogSyncs.id, syncId));
      return out;
    });
    if (!next || done) return;
    state = next;
  }
}

/** One page: unchanged products skipped, known ones updated one by one, new ones created together. */
async function writePage(
  ctx: AppContext,
  tx: Db,
  syncId: string,
  auth: AuthContext,
  integration: IntegrationRow,
  rules: ProductRules,
  externals: ExternalProduct[],
  out: Counts,
): Promise<Counts> {
  const scope = { storeId: integration.storeId, vendorId: integration.vendorId };
  const links = externals.length
    ? await tx
        .select({
          externalId: externalProductLinks.externalId,
          productId: externalProductLinks.productId,
          digest: externalProductLinks.digest,
        })
        .from(externalProductLinks)
        .where(
          and(
            eq(externalProductLinks.storeId, scope.storeId),
            eq(externalProductLinks.vendorId, scope.vendorId),
            eq(externalProductLinks.source, SOURCE),
            inArray(
              externalProductLinks.externalId,
              externals.map((e) => e.externalId),
            ),
          ),
        )
    : [];
  const linkOf = new Map(links.map((l) => [l.externalId, l]));
  const changed = externals.filter((e) => linkOf.get(e.externalId)?.digest !== e.digest);
  out.unchanged += externals.length - changed.length;
  const known = changed.filter((e) => linkOf.has(e.externalId));
  const stored = await loadStored(
    tx,
    scope,
    known.map((e) => linkOf.get(e.externalId)!.productId),
    rules.decimals,
  );
  const linked: { external: ExternalProduct; productId: string }[] = [];
  const refused = (external: ExternalProduct, error: AppError) =>
    out.failed.push({
      externalId: external.externalId,
      message: error.errors?.[0] ? `${error.errors[0].path}: ${error.errors[0].message}` : error.message,
    });
  const save = (external: ExternalProduct, match: Parameters<typeof toProductInput>[1]) =>
    createOrUpdateProduct(ctx, auth, toProductInput(external, match, integration), {
      rules,
      tx,
      submittedMailKey: `catalog-sync:${syncId}`,
    });
  const fresh: { external: ExternalProduct; data: ProductData }[] = [];
  for (const external of changed) {
    const match = stored.get(linkOf.get(external.externalId)?.productId ?? '') ?? null;
    try {
      if (match) {
        const result = await save(external, match);
        if (result.changed) out.updated++;
        else out.unchanged++;
        linked.push({ external, productId: result.productId });
      } else fresh.push({ external, data: validateProduct(toProductInput(external, null, integration), rules.context) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused(external, error);
    }
  }
  let results: (SaveProductResult | AppError)[];
  try {
    results = await createProducts(
      ctx,
      auth,
      fresh.map((f) => f.data),
      { rules, tx, submittedMailKey: `catalog-sync:${syncId}` },
    );
  } catch (error) {
    if (!isConstraintViolation(error)) throw error;
    // A handle taken meanwhile: the page's new products one by one, each on its own.
    results = [];
    for (const f of fresh)
      results.push(await save(f.external, null).catch((e: unknown) => (e instanceof AppError ? e : Promise.reject(e))));
  }
  results.forEach((result, i) => {
    if (result instanceof AppError) return refused(fresh[i].external, result);
    out.created++;
    linked.push({ external: fresh[i].external, productId: result.productId });
  });
  if (linked.length) {
    await tx
      .insert(externalProductLinks)
      .values(
        linked.map(({ external, productId }) => ({
          ...scope,
          source: SOURCE,
          externalId: external.externalId,
          productId,
          digest: external.digest,
        })),
      )
      .onConflictDoUpdate({
        target: [externalProductLinks.vendorId, externalProductLinks.source, externalProductLinks.externalId, externalProductLinks.storeId],
        set: { productId: sql`excluded.product_id`, digest: sql`excluded.digest`, updatedAt: sql`now()` },
      });
  }
  return out;
}

/** The stored products (with their variants as the API shows them) that known external products update, within the vendor's scope. */
async function loadStored(tx: Db, scope: { storeId: string; vendorId: string }, ids: string[], decimals: number) {
  if (!ids.length) return new Map();
  const rows = await tx
    .select()
    .from(products)
    .where(and(eq(products.storeId, scope.storeId), eq(products.vendorId, scope.vendorId), inArray(products.id, ids)));
  const variants = await tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.storeId, scope.storeId), inArray(productVariants.productId, ids)))
    .orderBy(asc(productVariants.position));
  return new Map(
    rows.map((product) => [
      product.id,
      { product, variants: variants.filter((v) => v.productId === product.id).map((v) => variantOut(v, decimals)) },
    ]),
  );
}
