import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { type CatalogProduct, type PublicProduct } from '#shared/schemas/products';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { products, productTranslations, productVariants, vendors } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { type HolidayNotice, vendorsOnHoliday } from '../settings/index.ts';
import {
  encodeCursor,
  fetchPage,
  type ListPlan,
  loadPageRows,
  type PageProduct,
  sourceDigest,
  type VariantRow,
} from '../products/index.ts';
import { isUuid } from '#server/lib/is-uuid';
import { sanitizeRichText } from '#server/lib/rich-text';

/** Pickers show one short page. */
export const CATALOG_LIMIT = 25;

/** What the public sees: approved and ACTIVE, nothing else, whoever asks. */
const publicPlan = (storeId: string, vendorId: string | null, q?: string): ListPlan => ({
  scope: { storeId, vendorId },
  statuses: ['ACTIVE'],
  approvedOnly: true,
  stock: 'any',
  q,
  sort: 'UPDATED_AT',
  descending: true,
});

const imageOf = (p: PageProduct) => p.media.find((m) => m.contentType === 'IMAGE')?.src ?? p.media[0]?.src ?? null;

/** GET catalog?q: the store's public products (every vendor's), for product pickers. */
export async function listCatalog(ctx: AppContext, auth: AuthContext, q?: string): Promise<{ products: CatalogProduct[] }> {
  const page = await fetchPage(ctx.db, publicPlan(auth.storeId, null, q), { first: CATALOG_LIMIT });
  const rows = await loadPageRows(
    ctx.db,
    page.ids.map((r) => r.id),
  );
  return {
    products: rows.map(({ product: p, vendor }) => ({
      id: p.id,
      handle: p.handle,
      title: p.title,
      vendor,
      image: imageOf(p),
      priceMin: formatMinorUnits(p.priceMin, currencyDecimals(p.currency)),
      priceMax: formatMinorUnits(p.priceMax, currencyDecimals(p.currency)),
      currency: p.currency,
      inStock: p.inStock,
    })),
  };
}

export interface PublicPage {
  products: PublicProduct[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** What buyers read of a holiday: its message and last day, whoever's holidays they are. */
const publicHoliday = (notice: HolidayNotice | undefined) => (notice ? { message: notice.message, until: notice.until } : null);

/** Public answers carry absolute image URLs (they are shown on the storefront's own domain). */
const absolute = (publicUrl: string, src: string) => (src.startsWith('/') && !src.startsWith('//') ? `${publicUrl}${src}` : src);

/**
 * The products' texts in `locale`: a translation counts only while it translates the text as it is
 * now (its digest is the current text's), else the buyer reads the source.
 */
async function translationsIn(db: Db, storeId: string, rows: { product: PageProduct }[], locale: string | undefined) {
  const texts = new Map<string, Map<string, string>>();
  if (!locale || rows.length === 0) return texts;
  const found = await db
    .select({
      productId: productTranslations.productId,
      key: productTranslations.key,
      value: productTranslations.value,
      digest: productTranslations.digest,
    })
    .from(productTranslations)
    .where(
      and(
        eq(productTranslations.storeId, storeId),
        eq(productTranslations.locale, locale),
        inArray(
          productTranslations.productId,
          rows.map((r) => r.product.id),
        ),
      ),
    );
  const sources = new Map(
    rows.map(({ product: p }) => [
      p.id,
      new Map<string, string>([
        ['title', p.title],
        ['body_html', p.bodyHtml],
        ...p.options.map((o, i): [string, string] => [`option${i + 1}.name`, o.name]),
      ]),
    ]),
  );
  for (const t of found) {
    const source = sources.get(t.productId)?.get(t.key);
    if (source === undefined || sourceDigest(source) !== t.digest) continue;
    texts.set(t.productId, (texts.get(t.productId) ?? new Map()).set(t.key, t.value));
  }
  return texts;
}

async function toPublic(
  ctx: AppContext,
  storeId: string,
  rows: { product: PageProduct; vendor: string }[],
  locale?: string,
): Promise<PublicProduct[]> {
  if (rows.length === 0) return [];
  const translated = await translationsIn(ctx.db, storeId, rows, locale);
  const variants = await ctx.db
    .select()
    .from(productVariants)
    .where(
      inArray(
        productVariants.productId,
        rows.map((r) => r.product.id),
      ),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const away = await vendorsOnHoliday(
    ctx.db,
    storeId,
    rows.map((r) => r.product.vendorId),
    ctx.now(),
  );
  const byProduct = new Map<string, VariantRow[]>();
  for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  return rows.map(({ product: p, vendor }) => {
    const image = imageOf(p);
    const decimals = currencyDecimals(p.currency);
    const text = translated.get(p.id);
    return {
      id: p.id,
      handle: p.handle,
      title: text?.get('title') ?? p.title,
      // Sanitised again on the way out: rows stored before rich text was sanitised on save.
      bodyHtml: sanitizeRichText(text?.get('body_html') ?? p.bodyHtml),
      vendor,
      image: image ? absolute(ctx.config.publicUrl, image) : null,
      images: p.media.map((m) => ({ src: absolute(ctx.config.publicUrl, m.src), alt: m.alt, contentType: m.contentType })),
      options: p.options.map((o, i) => ({ ...o, name: text?.get(`option${i + 1}.name`) ?? o.name })),
      priceMin: formatMinorUnits(p.priceMin, decimals),
      priceMax: formatMinorUnits(p.priceMax, decimals),
      currency: p.currency,
      available: p.inStock,
      variants: (byProduct.get(p.id) ?? []).map((v) => ({
        id: v.id,
        title: v.options.length ? v.options.join(' / ') : 'Default Title',
        options: v.options,
        price: formatMinorUnits(v.price, decimals),
        compareAt: v.compareAt === null ? null : formatMinorUnits(v.compareAt, decimals),
        available: !v.trackStock || v.stock > 0,
      })),
      holiday: publicHoliday(away.get(p.vendorId)),
    };
  });
}

/** A page of a vendor's (or, without one, the whole store's) public products, newest first. */
export async function listPublicProducts(
  ctx: AppContext,
  storeId: string,
  vendorId: string | null,
  request: { after?: string; first: number; locale?: string },
): Promise<PublicPage> {
  const page = await fetchPage(ctx.db, publicPlan(storeId, vendorId), request);
  const rows = await loadPageRows(
    ctx.db,
    page.ids.map((r) => r.id),
  );
  const last = page.ids[page.ids.length - 1];
  return {
    products: await toPublic(ctx, storeId, rows, request.locale),
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: last ? encodeCursor('UPDATED_AT', last.k, last.id) : null },
  };
}

/** Public products by id and/or handle (unique-index lookups), in the order asked; others are left out. */
export async function findPublicProducts(
  ctx: AppContext,
  storeId: string,
  keys: { ids?: string[]; handles?: string[] },
  locale?: string,
): Promise<PublicProduct[]> {
  const ids = (keys.ids ?? []).filter(isUuid);
  const handles = keys.handles ?? [];
  const wanted: SQL[] = [];
  if (ids.length) wanted.push(inArray(products.id, ids));
  if (handles.length) wanted.push(inArray(products.handle, handles));
  if (wanted.length === 0) return [];
  const found = await publicRows(ctx.db, storeId, wanted);
  const order = [...ids, ...handles];
  const rank = (p: PageProduct) => Math.min(...[order.indexOf(p.id), order.indexOf(p.handle)].filter((i) => i >= 0));
  found.sort((a, b) => rank(a.product) - rank(b.product));
  return toPublic(ctx, storeId, found, locale);
}

async function publicRows(db: Db, storeId: string, wanted: SQL[]) {
  const results = await Promise.all(
    wanted.map((condition) =>
      db
        .select({ product: products, vendor: vendors.name })
        .from(products)
        .innerJoin(vendors, eq(vendors.id, products.vendorId))
        .where(and(eq(products.storeId, storeId), eq(products.status, 'ACTIVE'), eq(products.approved, true), condition)),
    ),
  );
  const byId = new Map(results.flat().map((r) => [r.product.id, r]));
  return [...byId.values()];
}
