import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PublicVendorPage } from '#shared/schemas/vendor-page';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { vendorPagePublications, vendors, type PublishedVendorPage } from '#server/db/schema/index';
import { defineJob, jobIds } from '#server/jobs/job-kind';
import { sanitizeRichText } from '#server/lib/rich-text';
import { StorefrontSyncError } from '#server/adapters/storefront/types';
import { readStoreSettings } from '../settings/index.ts';
import { pageDefinitions } from './page-definitions.ts';

export const VENDOR_PAGE_SYNC_JOB = defineJob('vendor-page-sync', z.object({ storeId: jobIds.storeId, vendorId: jobIds.id }));
/** The queue's backoff (10 s, 40 s, 90 s ...): about 20 minutes over 8 attempts, like the product sync. */
const VENDOR_PAGE_SYNC_ATTEMPTS = 8;
/** Metafields of collections live where the store's own definitions put them. */
const NAMESPACE = 'custom';

const thisPage = (storeId: string, vendorId: string) =>
  and(eq(vendorPagePublications.storeId, storeId), eq(vendorPagePublications.vendorId, vendorId));

/**
 * Makes `page` what the storefront shows of the vendor (null takes it down), in the caller's
 * transaction, and queues its push to the platform (one job per version). Taking down a page that
 * was never published does nothing.
 */
export async function setPublishedPage(ctx: AppContext, db: Db, storeId: string, vendorId: string, page: PublishedVendorPage | null) {
  const version = ctx.now();
  const written = page
    ? await db
        .insert(vendorPagePublications)
        .values({ storeId, vendorId, page, version })
        .onConflictDoUpdate({ target: [vendorPagePublications.vendorId, vendorPagePublications.storeId], set: { page, version } })
        .returning({ version: vendorPagePublications.version })
    : await db
        .update(vendorPagePublications)
        .set({ page: null, version })
        .where(thisPage(storeId, vendorId))
        .returning({ version: vendorPagePublications.version });
  if (written.length === 0) return;
  await ctx.jobs.enqueue(
    VENDOR_PAGE_SYNC_JOB,
    { storeId, vendorId },
    { dedupeKey: `${VENDOR_PAGE_SYNC_JOB.type}:${vendorId}:${version.getTime()}`, maxAttempts: VENDOR_PAGE_SYNC_ATTEMPTS },
    db,
  );
}

/** The vendor's published page for the storefront, or null (none approved, or vendor pages off). */
export async function readPublicVendorPage(db: Db, storeId: string, vendorId: string): Promise<PublicVendorPage | null> {
  const [[row], settings] = await Promise.all([
    db.select({ page: vendorPagePublications.page }).from(vendorPagePublications).where(thisPage(storeId, vendorId)),
    readStoreSettings(db, storeId),
  ]);
  if (!row?.page || !settings.vendorPage.enabled) return null;
  const values = new Map(row.page.metafields.map((m) => [m.key, m.value]));
  const fields = (await pageDefinitions(db, storeId)).flatMap((d) => {
    const value = values.get(d.key);
    return value === undefined
      ? []
      : [{ key: d.key, name: typeof d.name === 'string' ? d.name : d.key, type: typeof d.type === 'string' ? d.type : 'input', value }];
  });
  return {
    description: sanitizeRichText(row.page.description),
    imageUrl: row.page.imageUrl,
    fields,
    sections: settings.vendorPage.sections,
  };
}

/**
 * The job: brings the platform's copy of a vendor's page (a collection of its products) to the
 * published page now, read when the job runs, so an old job never pushes an old version. A store on
 * the built-in storefront needs no copy (the widget reads our table). Failures a retry may fix are
 * thrown for the queue's backoff; a refusal is kept as the row's last error.
 */
export async function syncVendorPage(ctx: AppContext, storeId: string, vendorId: string) {
  const [row] = await ctx.db.select().from(vendorPagePublications).where(thisPage(storeId, vendorId));
  if (!row) return;
  const record = (set: Partial<typeof vendorPagePublications.$inferInsert>) =>
    ctx.db.update(vendorPagePublications).set(set).where(thisPage(storeId, vendorId));
  try {
    const admin = await ctx.marketplaceAdmin(storeId);
    const settings = await readStoreSettings(ctx.db, storeId);
    let existing = row.platformCollectionId;
    if (existing && !(admin && row.shop === admin.shop)) {
      // A copy in a shop the store no longer sells through cannot be reached any more: it is forgotten.
      await record({ shop: null, platformCollectionId: null });
      existing = null;
    }
    if (!admin) return void (await record({ syncedVersion: row.version, lastError: null }));
    const pages = ctx.storefront.vendorPages(admin.client);
    if (!row.page || !settings.vendorPage.enabled) {
      if (existing) await pages.remove(existing);
      return void (await record({ shop: null, platformCollectionId: null, syncedVersion: row.version, lastError: null }));
    }
    const [vendor] = await ctx.db
      .select({ name: vendors.name })
      .from(vendors)
      .where(and(eq(vendors.storeId, storeId), eq(vendors.id, vendorId)));
    if (!vendor) return;
    const types = new Map((await pageDefinitions(ctx.db, storeId)).map((d) => [d.key, typeof d.type === 'string' ? d.type : 'input']));
    const id = await pages.publish(
      {
        vendor: vendor.name,
        descriptionHtml: sanitizeRichText(row.page.description),
        imageUrl: row.page.imageUrl,
        templateSuffix: settings.vendorPage.collectionTemplate,
        // Only the page's own fields: a vendor's other metafields (answered at registration) are not the page's to publish.
        metafields: row.page.metafields.flatMap((m) => {
          const type = types.get(m.key);
          return type ? [{ namespace: NAMESPACE, key: m.key, type, value: m.value }] : [];
        }),
      },
      existing,
    );
    await record({ shop: admin.shop, platformCollectionId: id, syncedVersion: row.version, lastError: null });
  } catch (error) {
    const retry = !(error instanceof StorefrontSyncError && !error.retryable);
    await record({ lastError: (error instanceof Error ? error.message : String(error)).slice(0, 2000) });
    if (retry) throw error;
  }
}

/** What of the vendor-page settings the platform's copies depend on. */
const VendorPagePatchSchema = z.object({
  vendorPage: z.object({ enabled: z.unknown(), collectionTemplate: z.unknown() }).partial().optional(),
});

/**
 * A settings change that switches vendor pages on or off, or picks another collection template,
 * changes every published page on the platform: once it is stored, each page is pushed again (the
 * job reads the settings when it runs, so it removes, restores or re-templates the collection).
 */
export async function checkVendorPageSettings(ctx: AppContext, storeId: string, patch: unknown): Promise<() => Promise<void>> {
  const parsed = VendorPagePatchSchema.safeParse(patch);
  const touched =
    parsed.success && parsed.data.vendorPage && ('enabled' in parsed.data.vendorPage || 'collectionTemplate' in parsed.data.vendorPage);
  if (!touched) return async () => undefined;
  return async () => {
    const published = await ctx.db
      .select({ vendorId: vendorPagePublications.vendorId })
      .from(vendorPagePublications)
      .where(eq(vendorPagePublications.storeId, storeId));
    const at = ctx.now().getTime();
    for (const { vendorId } of published) {
      await ctx.jobs.enqueue(
        VENDOR_PAGE_SYNC_JOB,
        { storeId, vendorId },
        { dedupeKey: `${VENDOR_PAGE_SYNC_JOB.type}:${vendorId}:settings:${at}`, maxAttempts: VENDOR_PAGE_SYNC_ATTEMPTS },
      );
    }
  };
}

export function registerVendorPageSync(ctx: AppContext) {
  ctx.jobs.register(VENDOR_PAGE_SYNC_JOB, ({ storeId, vendorId }) => syncVendorPage(ctx, storeId, vendorId));
}
