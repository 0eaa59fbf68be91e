import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TranslationsPatchSchema } from '#shared/schemas/products';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { productTranslations } from '#server/db/schema/index';
import { badRequest, type FieldError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { sha256 } from '#server/lib/hashing';
import { sanitizeRichText } from '#server/lib/rich-text';
import { readStoreSettings } from '../settings/index.ts';
import { enqueueTranslationsSync } from '../storefront-sync/index.ts';
import { writeProductLog } from './product-logs.ts';
import { getScopedProduct, scopeOf, type ProductRow } from './product-scope.ts';

export const TRANSLATION_MESSAGES = {
  unknownLocale: "Must be one of the marketplace's languages",
  unknownKey: 'This text cannot be translated',
  otherResource: "Must be the product's id",
} as const;

/**
 * The texts of a product that can be translated, by key (the platform's keys: title, body_html,
 * meta_title, meta_description; option names as option1.name...). Empty texts are left out.
 */
export function translatableTexts(product: Pick<ProductRow, 'title' | 'bodyHtml' | 'seo' | 'options'>): Map<string, string> {
  const texts = new Map<string, string>([
    ['title', product.title],
    ['body_html', product.bodyHtml],
    ['meta_title', product.seo.title],
    ['meta_description', product.seo.description],
  ]);
  product.options.forEach((option, i) => texts.set(`option${i + 1}.name`, option.name));
  for (const [key, value] of texts) if (!value.trim()) texts.delete(key);
  return texts;
}

/** The digest of a source text: a translation made from another text is outdated. */
export const sourceDigest = (text: string) => sha256(text);

/** Per locale of the store: how many texts are translated, and how many of those are outdated. */
export async function translationStatus(db: Db, product: ProductRow, locales: string[]) {
  if (locales.length === 0) return [];
  const texts = translatableTexts(product);
  const rows = await db
    .select({ locale: productTranslations.locale, key: productTranslations.key, digest: productTranslations.digest })
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, product.id), inArray(productTranslations.locale, locales)));
  return locales.map((locale) => {
    const mine = rows.filter((r) => r.locale === locale && texts.has(r.key));
    return {
      locale,
      total: texts.size,
      translated: mine.length,
      outdated: mine.filter((r) => r.digest !== sourceDigest(texts.get(r.key)!)).length,
    };
  });
}

async function storeLocales(db: Db, storeId: string) {
  return (await readStoreSettings(db, storeId)).translations.locales;
}

/** GET products/{productId}/translations?locale=: every translatable text with its translation and state. */
export async function getProductTranslations(ctx: AppContext, auth: AuthContext, productId: string, locale: string) {
  const product = await getScopedProduct(ctx.db, scopeOf(auth), productId);
  if (!(await storeLocales(ctx.db, auth.storeId)).includes(locale)) {
    throw badRequest(TRANSLATION_MESSAGES.unknownLocale, [{ path: 'locale', message: TRANSLATION_MESSAGES.unknownLocale }]);
  }
  const rows = await ctx.db
    .select()
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, product.id), eq(productTranslations.locale, locale)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return {
    locale,
    translations: [...translatableTexts(product)].map(([key, source]) => {
      const row = byKey.get(key);
      const digest = sourceDigest(source);
      return {
        key,
        source,
        sourceDigest: digest,
        value: row?.value ?? null,
        digest: row?.digest ?? null,
        outdated: Boolean(row && row.digest !== digest),
      };
    }),
  };
}

/**
 * PATCH products/{productId}/translations. `digest` is the sourceDigest the translator saw (the
 * current one when omitted): a translation of an older text is saved but shows as outdated. An
 * empty value removes the translation. All or nothing, logged.
 */
export async function saveProductTranslations(
  ctx: AppContext,
  auth: AuthContext,
  productId: string,
  body: z.output<typeof TranslationsPatchSchema>,
) {
  const locales = await storeLocales(ctx.db, auth.storeId);
  return ctx.db.transaction(async (tx) => {
    const product = await getScopedProduct(tx, scopeOf(auth), productId, { forUpdate: true });
    const texts = translatableTexts(product);
    const errors = body.translations.flatMap((t, i): FieldError[] => {
      if (!locales.includes(t.locale)) return [{ path: `translations.${i}.locale`, message: TRANSLATION_MESSAGES.unknownLocale }];
      if (t.resourceId && t.resourceId !== product.id)
        return [{ path: `translations.${i}.resourceId`, message: TRANSLATION_MESSAGES.otherResource }];
      if (!texts.has(t.key)) return [{ path: `translations.${i}.key`, message: TRANSLATION_MESSAGES.unknownKey }];
      return [];
    });
    if (errors.length) throw badRequest(errors[0].message, errors);

    const existing = await tx.select().from(productTranslations).where(eq(productTranslations.productId, product.id));
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    const saved = [];
    for (const entry of body.translations) {
      // A translated description is published like the description itself.
      const t = entry.key === 'body_html' ? { ...entry, value: sanitizeRichText(entry.value) } : entry;
      const current = sourceDigest(texts.get(t.key)!);
      const before = existing.find((e) => e.locale === t.locale && e.key === t.key);
      if (!t.value.trim()) {
        if (before) {
          await tx.delete(productTranslations).where(eq(productTranslations.id, before.id));
          changes[`${t.locale}.${t.key}`] = { before: before.value, after: null };
        }
        saved.push({ locale: t.locale, key: t.key, value: null, digest: null, outdated: false });
        continue;
      }
      const digest = t.digest ?? current;
      await tx
        .insert(productTranslations)
        .values({
          productId: product.id,
          storeId: auth.storeId,
          locale: t.locale,
          key: t.key,
          value: t.value,
          digest,
          updatedAt: ctx.now(),
        })
        .onConflictDoUpdate({
          target: [productTranslations.storeId, productTranslations.productId, productTranslations.locale, productTranslations.key],
          set: { value: t.value, digest, updatedAt: sql`excluded.updated_at` },
        });
      if (before?.value !== t.value) changes[`${t.locale}.${t.key}`] = { before: before?.value ?? null, after: t.value };
      saved.push({ locale: t.locale, key: t.key, value: t.value, digest, outdated: digest !== current });
    }
    if (Object.keys(changes).length) {
      await writeProductLog(tx, auth, {
        storeId: auth.storeId,
        productId: product.id,
        vendorId: product.vendorId,
        action: 'translate',
        changes,
      });
      await enqueueTranslationsSync(ctx, { storeId: auth.storeId, productId: product.id, version: ctx.now() }, tx);
    }
    return { translations: saved };
  });
}
