import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { buildProductSchema, PRODUCT_MESSAGES, slugify, type ProductData, type ProductRulesContext } from '#shared/schemas/products';
import { currencyDecimals, toMinorUnits } from '#shared/money';
import type { Settings } from '#shared/schemas/settings';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { metafieldDefinitions, products, productVariants, vendors, type StoredMedia, type StoredMetafield } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { issuesToFieldErrors } from '../../http/validation.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { readStoreSettings } from '../settings/store-settings.ts';
import { enqueueProductSync } from '../storefront-sync/enqueue-product-sync.ts';
import { isAutoApproveOn } from './auto-approve.ts';
import { diffSnapshots, same, writeProductLog } from './product-logs.ts';
import { snapshotOf, variantOut, type VariantRow } from './product-data.ts';
import { getScopedProduct, scopeOf, type ProductRow } from './product-scope.ts';
import { activeAdminEmails } from '../notifications/recipients.ts';

/** The store's product rules, as the editor gets them from GET settings and GET metafields. */
export async function loadProductRules(db: Db, storeId: string): Promise<{ settings: Settings; context: ProductRulesContext; decimals: number }> {
  const settings = await readStoreSettings(db, storeId);
  const definitions = await db
    .select({ key: metafieldDefinitions.key, definition: metafieldDefinitions.definition })
    .from(metafieldDefinitions)
    .where(and(eq(metafieldDefinitions.storeId, storeId), eq(metafieldDefinitions.owner, 'products')))
    .orderBy(asc(metafieldDefinitions.position));
  return {
    settings,
    decimals: currencyDecimals(settings.currency),
    context: {
      inputLimit: settings.inputLimit,
      currency: settings.currency,
      definitions: definitions.map((d) => ({
        key: d.key,
        required: d.definition.required === true,
        description: typeof d.definition.description === 'string' ? d.definition.description : '',
        type: typeof d.definition.type === 'string' ? d.definition.type : undefined,
      })),
    },
  };
}

/** A schema per rules object: an import validates thousands of products with one. */
const schemaByRules = new WeakMap<ProductRulesContext, ReturnType<typeof buildProductSchema>>();

/** Validates a product with the store's rules; 400 with every field error (paths relative to the product). */
export function validateProduct(input: unknown, context: ProductRulesContext): ProductData {
  let schema = schemaByRules.get(context);
  if (!schema) schemaByRules.set(context, (schema = buildProductSchema(context)));
  // The rules (description length) judge what will be published: the sanitised description.
  const result = schema.safeParse(withSanitizedDescription(input));
  if (result.success) return result.data;
  const errors = issuesToFieldErrors(result.error.issues);
  throw new AppError('bad_request', errors[0]?.message ?? 'Invalid input', errors);
}

/** Fields an admin reviewed: a vendor changing one of them sends an approved product back to review. */
const REVIEWED_FIELDS = ['title', 'bodyHtml', 'media', 'options', 'metafields', 'seo'];
/** Resubmissions of one product mail the admins at most once an hour. */
const SUBMITTED_MAIL_WINDOW_MS = 60 * 60 * 1000;
const hourOf = (now: Date) => `h${Math.floor(now.getTime() / SUBMITTED_MAIL_WINDOW_MS)}`;
const HANDLE_BATCH = 100;
const HANDLE_ATTEMPTS = 3;

/**
 * A free handle: the base, else base-2, base-3... The base alone first (one index lookup: most
 * titles are new), then a hundred candidates at a time, by equality on the unique (store, handle)
 * index (a LIKE over a million handles would not use it).
 */
async function freeHandle(db: Db, storeId: string, base: string, ownId: string | null): Promise<string> {
  const [holder] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.handle, base)));
  if (!holder || holder.id === ownId) return base;
  for (let batch = 0; batch < 10; batch++) {
    const candidates = Array.from({ length: HANDLE_BATCH }, (_, i) => {
      const n = batch * HANDLE_BATCH + i + 1;
      return n === 1 ? base : `${base}-${n}`;
    });
    const taken = await db
      .select({ id: products.id, handle: products.handle })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.handle, candidates)));
    const used = new Set(taken.filter((t) => t.id !== ownId).map((t) => t.handle));
    const free = candidates.find((c) => !used.has(c));
    if (free) return free;
  }
  return `${base}-${randomUUID().slice(0, 8)}`;
}

const isHandleClash = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (constraint === 'products_store_handle_uq' || message?.includes('products_store_handle_uq'))) return true;
  }
  return false;
};

/** Media keep their id across saves: an item sent without one gets the id of the stored item with the same src. */
function withMediaIds(media: ProductData['media'], stored: StoredMedia[]): StoredMedia[] {
  const bySrc = new Map(stored.map((m) => [m.src, m.id]));
  return media.map((m) => ({ id: m.id || bySrc.get(m.src) || randomUUID(), src: m.src, alt: m.alt, contentType: m.contentType }));
}

function withMetafieldTypes(metafields: ProductData['metafields'], context: ProductRulesContext): StoredMetafield[] {
  const types = new Map((context.definitions ?? []).map((d) => [d.key, d.type]));
  return metafields.map((m) => {
    const type = m.type || types.get(m.key) || 'input';
    return { key: m.key, namespace: m.namespace, value: type === 'richtext' && typeof m.value === 'string' ? sanitizeRichText(m.value) : m.value, type };
  });
}

function withSanitizedDescription(input: unknown): unknown {
  if (!input || typeof input !== 'object' || typeof (input as { bodyHtml?: unknown }).bodyHtml !== 'string') return input;
  return { ...input, bodyHtml: sanitizeRichText((input as { bodyHtml: string }).bodyHtml) };
}

export type ProductRules = Awaited<ReturnType<typeof loadProductRules>>;

export interface SaveOptions {
  /** The store's rules, loaded once by a caller that saves many products (the CSV import). */
  rules?: ProductRules;
  /** The caller's transaction (the CSV import writes a batch of products and its progress in one). */
  tx?: Db;
  /** Groups the submitted mails of many products into one per admin (an import's id); default: one per product. */
  submittedMailKey?: string;
}

export interface SaveProductResult {
  productId: string;
  handle: string;
  created: boolean;
  /** false when the update changed nothing (nothing written, no log). */
  changed: boolean;
}

/**
 * PUT products-v2: creates a product (no id) or replaces an existing one within the caller's scope
 * (like the platform's productSet: options, media, variants and metafields are replaced wholesale;
 * variants keep their ids when sent back with them). The vendor comes from the session; only an
 * admin in the marketplace view names it (`vendor`, a vendor of the store). Approval follows
 * docs/decisions.md "Products": admins' products are approved, a vendor's are approved at once only
 * with autoApprove, and a vendor's change to reviewed fields sends an approved product back to review.
 * Every change is logged with the before/after of the changed fields.
 */
export async function createOrUpdateProduct(ctx: AppContext, auth: AuthContext, input: unknown, options: SaveOptions = {}): Promise<SaveProductResult> {
  const rules = options.rules ?? (await loadProductRules(ctx.db, auth.storeId));
  const data = validateProduct(input, rules.context);
  const db = options.tx ?? ctx.db;
  for (let attempt = 1; ; attempt++) {
    try {
      // Inside the caller's transaction this is a savepoint: a refused product undoes only itself.
      return await db.transaction((tx) => saveInTransaction(ctx, tx, auth, data, rules, options.submittedMailKey));
    } catch (error) {
      // Two saves raced for the same handle: the loser picks the next free one.
      if (attempt < HANDLE_ATTEMPTS && isHandleClash(error)) continue;
      throw error;
    }
  }
}

async function saveInTransaction(
  ctx: AppContext,
  tx: Db,
  auth: AuthContext,
  data: ProductData,
  rules: ProductRules,
  submittedMailKey: string | undefined,
): Promise<SaveProductResult> {
  const { settings, decimals, context } = rules;
  const now = ctx.now();
  const existing = data.id ? await getScopedProduct(tx, scopeOf(auth), data.id, { forUpdate: true }) : null;
  const existingVariants = existing
    ? await tx.select().from(productVariants).where(eq(productVariants.productId, existing.id)).orderBy(asc(productVariants.position))
    : [];

  // The vendor: the session's for a vendor (and an admin in a vendor view); named by an admin in the marketplace view.
  const vendorColumns = { id: vendors.id, name: vendors.name };
  let vendor: { id: string; name: string } | undefined;
  if (!auth.vendorId && data.vendor) {
    [vendor] = await tx
      .select(vendorColumns)
      .from(vendors)
      .where(and(eq(vendors.storeId, auth.storeId), eq(vendors.name, data.vendor)));
    if (!vendor) throw badRequest(PRODUCT_MESSAGES.unknownVendor, [{ path: 'vendor', message: PRODUCT_MESSAGES.unknownVendor }]);
  } else {
    const id = auth.vendorId ?? existing?.vendorId;
    if (!id) throw badRequest(PRODUCT_MESSAGES.vendorRequired, [{ path: 'vendor', message: PRODUCT_MESSAGES.vendorRequired }]);
    [vendor] = await tx.select(vendorColumns).from(vendors).where(eq(vendors.id, id));
  }
  const vendorId = vendor.id;
  const [beforeVendor] = !existing
    ? []
    : existing.vendorId === vendorId
      ? [vendor]
      : await tx.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, existing.vendorId));

  const productId = existing?.id ?? randomUUID();
  const wantedHandle = data.handle ? slugify(data.handle) : null;
  const handle =
    existing && (!wantedHandle || wantedHandle === existing.handle)
      ? existing.handle
      : await freeHandle(tx, auth.storeId, wantedHandle ?? slugify(data.title), existing?.id ?? null);

  const ownVariants = new Map(existingVariants.map((v) => [v.id, v]));
  const ownVariantIds = new Set(ownVariants.keys());
  const usedIds = new Set<string>();
  const variants: VariantRow[] = data.variants.map((v, position) => {
    const keep = v.id && ownVariantIds.has(v.id) && !usedIds.has(v.id);
    const id = keep ? v.id! : randomUUID();
    usedIds.add(id);
    const previous = ownVariants.get(id);
    return {
      id,
      productId,
      storeId: auth.storeId,
      vendorId,
      sku: v.sku,
      barcode: v.barcode,
      price: toMinorUnits(v.price, decimals),
      compareAt: v.compareAt === null ? null : toMinorUnits(v.compareAt, decimals),
      options: v.options,
      taxable: v.taxable,
      trackStock: v.trackStock,
      stock: v.stock,
      requiresShipping: v.requiresShipping,
      weight: v.weight,
      weightUnit: v.weightUnit ?? previous?.weightUnit ?? settings.defaultUnits.weight,
      dimensions: v.dimensions ? { ...v.dimensions, dimUnit: v.dimensions.dimUnit ?? settings.defaultUnits.length } : null,
      localPickup: v.localPickup,
      media: withMediaIds(v.media, previous?.media ?? []),
      metafields: withMetafieldTypes(v.metafields, context),
      position,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    };
  });
  const prices = variants.map((v) => v.price);

  const autoApprove = auth.isAdmin ? true : await isAutoApproveOn(tx, auth.storeId, vendorId);
  const next: ProductRow = {
    id: productId,
    storeId: auth.storeId,
    vendorId,
    handle,
    title: data.title,
    bodyHtml: data.bodyHtml,
    status: data.status ?? existing?.status ?? 'DRAFT',
    approved: existing ? existing.approved : autoApprove,
    approvedAt: existing ? existing.approvedAt : autoApprove ? now : null,
    approvedBy: existing ? existing.approvedBy : autoApprove ? auth.userId : null,
    approvalNote: existing?.approvalNote ?? null,
    seo: data.seo,
    options: data.options,
    media: withMediaIds(data.media, existing?.media ?? []),
    metafields: withMetafieldTypes(data.metafields, context),
    priceMin: Math.min(...prices),
    priceMax: Math.max(...prices),
    variantsCount: variants.length,
    totalStock: variants.reduce((sum, v) => sum + (v.trackStock ? v.stock : 0), 0),
    inStock: variants.some((v) => !v.trackStock || v.stock > 0),
    search: '',
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };

  const before = existing ? snapshotOf(existing, existingVariants, beforeVendor?.name ?? '', decimals) : null;
  let changes = diffSnapshots(before, snapshotOf(next, variants, vendor.name, decimals));
  if (existing && Object.keys(changes).length === 0) return { productId, handle, created: false, changed: false };

  // A vendor's edit of what an admin reviewed withdraws the approval (unless its products are auto-approved).
  const reviewedChange = Object.keys(changes).some((k) => REVIEWED_FIELDS.includes(k));
  const withdrawn = Boolean(existing && !auth.isAdmin && !autoApprove && existing.approved && reviewedChange);
  if (withdrawn) {
    Object.assign(next, { approved: false, approvedAt: null, approvedBy: null });
    changes = { ...changes, approved: { before: true, after: false } };
  }
  // Admins hear of every product that enters review; edits of a product already waiting, once an hour.
  const submitted = !auth.isAdmin && !autoApprove && !next.approved;
  const entersReview = !existing || withdrawn;

  const { search: _search, ...columns } = next;
  if (existing) {
    const { id: _id, storeId: _storeId, createdAt: _createdAt, ...update } = columns;
    await tx.update(products).set(update).where(eq(products.id, productId));
    const keptIds = variants.filter((v) => ownVariantIds.has(v.id)).map((v) => v.id);
    await tx
      .delete(productVariants)
      .where(keptIds.length ? and(eq(productVariants.productId, productId), notInArray(productVariants.id, keptIds)) : eq(productVariants.productId, productId));
    // Only the variants that changed (a stock update of one variant of 2,000 is one statement).
    for (const v of variants) {
      const previous = ownVariants.get(v.id);
      if (!previous || (previous.vendorId === v.vendorId && same(variantOut(previous, decimals), variantOut(v, decimals)))) continue;
      const { id: _vid, productId: _pid, storeId: _sid, createdAt: _c, ...set } = v;
      await tx.update(productVariants).set(set).where(eq(productVariants.id, v.id));
    }
  } else {
    await tx.insert(products).values(columns);
  }
  const added = variants.filter((v) => !ownVariantIds.has(v.id));
  if (added.length) await tx.insert(productVariants).values(added);

  await writeProductLog(tx, auth, { storeId: auth.storeId, productId, vendorId, action: existing ? 'update' : 'create', changes });
  if (submitted) {
    const mailKey = submittedMailKey ?? `${productId}:${entersReview ? randomUUID() : hourOf(now)}`;
    await mailSubmitted(ctx, tx, auth.storeId, { id: productId, title: next.title, vendor: vendor.name }, mailKey);
  }
  await enqueueProductSync(ctx, productId, tx, { ...next, isNew: !existing });
  return { productId, handle, created: !existing, changed: true };
}

/** marketplace-on-product-submitted to every admin of the store, once per admin and mail key. */
async function mailSubmitted(ctx: AppContext, tx: Db, storeId: string, product: { id: string; title: string; vendor: string }, mailKey: string) {
  for (const email of await activeAdminEmails(tx, storeId)) {
    await ctx.mailer.send(
      {
        storeId,
        template: 'marketplace-on-product-submitted',
        to: email,
        vars: { vendor: product.vendor, product_title: product.title, link: `${ctx.config.publicUrl}/app/products/${product.id}` },
        dedupeKey: `product-submitted:${mailKey}:${email}`,
      },
      tx,
    );
  }
}
