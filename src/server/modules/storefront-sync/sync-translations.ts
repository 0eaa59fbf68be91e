import { and, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { productTranslations, storefrontListings } from '#server/db/schema/index';
import { defineJob, jobIds } from '#server/jobs/job-kind';
import { StorefrontSyncError } from '#server/adapters/storefront/types';
import { readStoreSettings } from '../settings/index.ts';
import { STOREFRONT_SYNC_ATTEMPTS } from './enqueue-product-sync.ts';

export const TRANSLATIONS_SYNC_JOB = defineJob('product-translations-sync', z.object({ storeId: jobIds.storeId, productId: jobIds.id }));

/**
 * Queues the push of a product's translations to the platform shop that has the product (nothing for
 * a product the platform does not have: the built-in storefront reads our table). `version` names
 * the change (a translation saved, the product pushed again), so the same change is queued once.
 * `onlyIfTranslated`: a product with no translation has nothing to send (a saved translation always
 * queues: a deleted one is removed there). Pass the transaction of the change.
 */
export async function enqueueTranslationsSync(
  ctx: AppContext,
  target: { storeId: string; productId: string; version: Date; onlyIfTranslated?: boolean },
  db: Db = ctx.db,
) {
  if (target.onlyIfTranslated) {
    const [any] = await db
      .select({ id: productTranslations.id })
      .from(productTranslations)
      .where(and(eq(productTranslations.storeId, target.storeId), eq(productTranslations.productId, target.productId)))
      .limit(1);
    if (!any) return;
  }
  const [listing] = await db
    .select({ id: storefrontListings.platformProductId })
    .from(storefrontListings)
    .where(
      and(
        eq(storefrontListings.storeId, target.storeId),
        eq(storefrontListings.productId, target.productId),
        eq(storefrontListings.platform, 'shopify'),
        isNotNull(storefrontListings.platformProductId),
      ),
    );
  if (!listing) return;
  await ctx.jobs.enqueue(
    TRANSLATIONS_SYNC_JOB,
    { storeId: target.storeId, productId: target.productId },
    { dedupeKey: `${TRANSLATIONS_SYNC_JOB.type}:${target.productId}:${target.version.getTime()}`, maxAttempts: STOREFRONT_SYNC_ATTEMPTS },
    db,
  );
}

/**
 * The job: sends a product's translations to the platform (translationsRegister), read when it
 * runs. Each goes with the digest of the text it was made from, and only when that is the text the
 * platform has now (its translatableContent digest): an outdated translation would be refused, and
 * the platform's own digest is what tells. Texts the platform does not translate on the product
 * (option names are resources of their own there) stay ours. A translation the platform has that we
 * deleted, or that no longer translates its text, is removed there (translationsRemove). Transient
 * failures are thrown for the queue; a refusal fails the job with its message.
 */
export async function syncTranslations(ctx: AppContext, storeId: string, productId: string) {
  const [listing] = await ctx.db
    .select({ shop: storefrontListings.shop, platformProductId: storefrontListings.platformProductId })
    .from(storefrontListings)
    .where(
      and(eq(storefrontListings.storeId, storeId), eq(storefrontListings.productId, productId), eq(storefrontListings.platform, 'shopify')),
    );
  if (!listing?.platformProductId) return;
  const admin = await ctx.marketplaceAdmin(storeId);
  if (!admin || admin.shop !== listing.shop) return;
  const rows = await ctx.db
    .select({
      locale: productTranslations.locale,
      key: productTranslations.key,
      value: productTranslations.value,
      digest: productTranslations.digest,
    })
    .from(productTranslations)
    .where(and(eq(productTranslations.storeId, storeId), eq(productTranslations.productId, productId)));
  const translations = ctx.storefront.translations(admin.client);
  const platformDigests = await translations.sourceDigests(listing.platformProductId);
  const sent = rows.filter((r) => platformDigests.get(r.key) === r.digest);
  await translations.register(listing.platformProductId, sent);
  // What the platform still has of a translation deleted here, or now outdated, goes: it would show a text we no longer stand by.
  const locales = new Set([...(await readStoreSettings(ctx.db, storeId)).translations.locales, ...rows.map((r) => r.locale)]);
  for (const locale of locales) {
    const kept = new Set(sent.filter((r) => r.locale === locale).map((r) => r.key));
    try {
      const stale = (await translations.translatedKeys(listing.platformProductId, locale)).filter((key) => !kept.has(key));
      await translations.remove(listing.platformProductId, locale, stale);
    } catch (error) {
      // A language the shop has not added holds no translation to remove.
      if (!(error instanceof StorefrontSyncError) || error.retryable) throw error;
    }
  }
}

export function registerTranslationsSync(ctx: AppContext) {
  ctx.jobs.register(TRANSLATIONS_SYNC_JOB, ({ storeId, productId }) => syncTranslations(ctx, storeId, productId));
}
