import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { buildProductSchema, PRODUCT_MESSAGES, slugify, type ProductData, type ProductRulesContext } from '#shared/schemas/products';
import { currencyDecimals, toMinorUnits } from '#shared/money';
import type { Settings } from '#shared/schemas/settings';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import {
  metafieldDefinitions,
  productLogs,
  products,
  productVariants,
  vendors,
  type StoredMedia,
  type StoredMetafield,
} from '#server/db/schema/index';
import { AppError, badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { issuesToFieldErrors } from '#server/http/validation';
import { isUuid } from '#server/lib/is-uuid';
import { sanitizeRichText } from '#server/lib/rich-text';
import { sameJson } from '#server/lib/same-json';
import { defaultLocalPickup, readStoreSettings } from '../settings/index.ts';
import { enqueueNewProductsSync, enqueueProductSync } from '../storefront-sync/index.ts';
import { findVendor, findVendorById } from '../vendors/index.ts';
import { isAutoApproveOn } from './auto-approve.ts';
import { diffSnapshots, logRowsOf, writeProductLogs, type Changes } from './product-logs.ts';
import { documentOf, snapshotOf, variantOut, type VariantRow } from './product-data.ts';
import { proposeRevision } from './propose-revision.ts';
import { reviewReasons } from '#shared/product-revision-diff';
import type { ProductDocument } from '#shared/schemas/product-revisions';
import { getScopedProduct, scopeOf, type ProductRow } from './product-scope.ts';
import { activeAdminEmails } from '../notifications/index.ts';
import { listingBudget } from '../membership/index.ts';
import { insertPrepared, prepareInserts, type PreparedInserts } from '#server/db/insert-many';
import { eventLoopTurn } from '#server/lib/event-loop-turn';
import { takenHandles } from './taken-handles.ts';

/** The store's product rules, as the editor gets them from GET settings and GET metafields. */
export async function loadProductRules(
  db: Db,
  storeId: string,
): Promise<{ settings: Settings; context: ProductRulesContext; decimals: number }> {
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

/** Resubmissions of one product mail the admins at most once an hour. */
const SUBMITTED_MAIL_WINDOW_MS = 60 * 60 * 1000;
const hourOf = (now: Date) => `h${Math.floor(now.getTime() / SUBMITTED_MAIL_WINDOW_MS)}`;
const HANDLE_BATCH = 100;
const HANDLE_ATTEMPTS = 3;
/** A batch's planning lets the event loop take a turn this often (planNewProducts runs beside the writes of the batch before). */
const TURN_EVERY = 50;

/**
 * A free handle: the base, else base-2, base-3... The base alone first (one index lookup: most
 * titles are new), then a hundred candidates at a time, by equality on the unique (store, handle)
 * index (a LIKE over a million handles would not use it). `reserved`: handles a batch of new
 * products has already given out but not written yet.
 */
async function freeHandle(
  db: Db,
  storeId: string,
  base: string,
  ownId: string | null,
  reserved: ReadonlySet<string> = new Set(),
): Promise<string> {
  const [holder] = reserved.has(base)
    ? [{ id: null }]
    : await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.storeId, storeId), eq(products.handle, base)));
  if (!holder || holder.id === ownId) return base;
  for (let batch = 0; batch < 10; batch++) {
    const candidates = Array.from({ length: HANDLE_BATCH }, (_, i) => {
      const n = batch * HANDLE_BATCH + i + 1;
      return n === 1 ? base : `${base}-${n}`;
    });
    const taken = await takenHandles(db, storeId, candidates);
    const used = new Set([...reserved, ...taken.filter((t) => t.id !== ownId).map((t) => t.handle)]);
    const free = candidates.find((c) => !used.has(c));
    if (free) return free;
  }
  return `${base}-${randomUUID().slice(0, 8)}`;
}

/** The database error (SQLSTATE and constraint) under drizzle's wrapping, if any. */
function databaseErrorOf(error: unknown): { code: string; constraint?: string; message?: string } | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const found = e as { code?: unknown; constraint?: string; message?: string };
    if (typeof found.code === 'string' && /^[0-9A-Z]{5}$/.test(found.code)) return found as { code: string };
  }
  return undefined;
}

const isHandleClash = (error: unknown): boolean => {
  const e = databaseErrorOf(error);
  return e?.code === '23505' && (e.constraint === 'products_store_handle_uq' || Boolean(e.message?.includes('products_store_handle_uq')));
};

/** A constraint the database enforced (unique, foreign key, check: SQLSTATE class 23). */
export const isConstraintViolation = (error: unknown): boolean => databaseErrorOf(error)?.code.startsWith('23') ?? false;

/** Media keep their id across saves: an item sent without one gets the id of the stored item with the same src. */
function withMediaIds(media: ProductData['media'], stored: StoredMedia[]): StoredMedia[] {
  const bySrc = new Map(stored.map((m) => [m.src, m.id]));
  return media.map((m) => ({ id: m.id || bySrc.get(m.src) || randomUUID(), src: m.src, alt: m.alt, contentType: m.contentType }));
}

function withMetafieldTypes(metafields: ProductData['metafields'], context: ProductRulesContext): StoredMetafield[] {
  const types = new Map((context.definitions ?? []).map((d) => [d.key, d.type]));
  return metafields.map((m) => {
    const type = m.type || types.get(m.key) || 'input';
    return {
      key: m.key,
      namespace: m.namespace,
      value: type === 'richtext' && typeof m.value === 'string' ? sanitizeRichText(m.value) : m.value,
      type,
    };
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
 * docs/decisions/catalog-products.md "Approval": admins' products are approved, a vendor's are approved at once only
 * with autoApprove, and a vendor's change to reviewed fields sends an approved product back to review.
 * Every change is logged with the before/after of the changed fields.
 */
export async function createOrUpdateProduct(
  ctx: AppContext,
  auth: AuthContext,
  input: unknown,
  options: SaveOptions = {},
): Promise<SaveProductResult> {
  const db = options.tx ?? ctx.db;
  const rules = await inProductCurrency(db, auth.storeId, input, options.rules ?? (await loadProductRules(ctx.db, auth.storeId)));
  const data = validateProduct(input, rules.context);
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

/**
 * The rules of an update in the stored product's own currency: its prices are typed in the
 * currency the editor shows them in, which the store's currency may no longer be. New products
 * take the store's currency.
 */
async function inProductCurrency(db: Db, storeId: string, input: unknown, rules: ProductRules): Promise<ProductRules> {
  const id = input && typeof input === 'object' ? (input as { id?: unknown }).id : undefined;
  if (typeof id !== 'string' || !isUuid(id)) return rules;
  const [stored] = await db
    .select({ currency: products.currency })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, id)));
  if (!stored || stored.currency === rules.context.currency) return rules;
  return { ...rules, decimals: currencyDecimals(stored.currency), context: { ...rules.context, currency: stored.currency } };
}

/**
 * What a save reads besides the product itself. A single save asks the database each time; a batch
 * of new products (the CSV import) reads them once for the whole batch (batchReads).
 */
interface SaveReads {
  vendorNamed(name: string): Promise<{ id: string; name: string } | undefined>;
  vendorById(id: string): Promise<{ id: string; name: string } | undefined>;
  handle(base: string, ownId: string | null): Promise<string>;
  autoApprove(vendorId: string): Promise<boolean>;
  /** Whether the vendor's new variants offer local pickup when the input does not say. */
  localPickup(vendorId: string): Promise<boolean>;
}

function databaseReads(tx: Db, storeId: string): SaveReads {
  return {
    vendorNamed: async (name) => (await findVendor(tx, storeId, name)) ?? undefined,
    vendorById: async (id) => (await findVendorById(tx, storeId, id)) ?? undefined,
    handle: (base, ownId) => freeHandle(tx, storeId, base, ownId),
    autoApprove: (vendorId) => isAutoApproveOn(tx, storeId, vendorId),
    localPickup: (vendorId) => defaultLocalPickup(tx, storeId, vendorId),
  };
}

/** A save worked out and not yet written. */
interface SavePlan {
  existing: ProductRow | null;
  next: ProductRow;
  variants: VariantRow[];
  ownVariants: Map<string, VariantRow>;
  vendorName: string;
  changes: Changes;
  submitted: boolean;
  entersReview: boolean;
  /** A vendor's edit of a live product that waits for review: the product as proposed (the live one stays). */
  revision: ProductDocument | null;
}

async function saveInTransaction(
  ctx: AppContext,
  tx: Db,
  auth: AuthContext,
  data: ProductData,
  rules: ProductRules,
  submittedMailKey: string | undefined,
): Promise<SaveProductResult> {
  const existing = data.id ? await getScopedProduct(tx, scopeOf(auth), data.id, { forUpdate: true }) : null;
  const existingVariants = existing
    ? await tx.select().from(productVariants).where(eq(productVariants.productId, existing.id)).orderBy(asc(productVariants.position))
    : [];
  const plan = await planSave(ctx, databaseReads(tx, auth.storeId), auth, data, rules, existing, existingVariants);
  const { id: productId, handle } = plan.next;
  if (existing && Object.keys(plan.changes).length === 0) return { productId, handle, created: false, changed: false };
  if (existing && plan.revision)
    return holdForReview(ctx, tx, auth, { ...plan, existing }, existingVariants, rules.decimals, submittedMailKey);
  await (await listingBudget(ctx, tx, auth)).take(listingChangeOf(plan));
  await writeSave(ctx, tx, auth, plan, rules.decimals);
  if (plan.submitted) await mailSubmitted(ctx, tx, auth.storeId, plan, submittedMailKey);
  return { productId, handle, created: !existing, changed: true };
}

/** Whether a vendor's new product is approved at once: an admin's always, a vendor's with auto-approval on. */
const approvedAtOnce = (auth: AuthContext, reads: Pick<SaveReads, 'autoApprove'>, vendorId: string) =>
  auth.isAdmin ? Promise.resolve(true) : reads.autoApprove(vendorId);

async function planSave(
  ctx: AppContext,
  reads: SaveReads,
  auth: AuthContext,
  data: ProductData,
  rules: ProductRules,
  existing: ProductRow | null,
  existingVariants: VariantRow[],
  now = ctx.now(),
): Promise<SavePlan> {
  const { settings, decimals, context } = rules;

  // The vendor: the session's for a vendor (and an admin in a vendor view); named by an admin in the marketplace view.
  let vendor: { id: string; name: string } | undefined;
  if (!auth.vendorId && data.vendor) {
    vendor = await reads.vendorNamed(data.vendor);
    if (!vendor) throw badRequest(PRODUCT_MESSAGES.unknownVendor, [{ path: 'vendor', message: PRODUCT_MESSAGES.unknownVendor }]);
  } else {
    const id = auth.vendorId ?? existing?.vendorId;
    if (!id) throw badRequest(PRODUCT_MESSAGES.vendorRequired, [{ path: 'vendor', message: PRODUCT_MESSAGES.vendorRequired }]);
    vendor = (await reads.vendorById(id))!;
  }
  const vendorId = vendor.id;
  const beforeVendor = !existing ? undefined : existing.vendorId === vendorId ? vendor : await reads.vendorById(existing.vendorId);

  const productId = existing?.id ?? randomUUID();
  const wantedHandle = data.handle ? slugify(data.handle) : null;
  const handle =
    existing && (!wantedHandle || wantedHandle === existing.handle)
      ? existing.handle
      : await reads.handle(wantedHandle ?? slugify(data.title), existing?.id ?? null);

  const ownVariants = new Map(existingVariants.map((v) => [v.id, v]));
  const ownVariantIds = new Set(ownVariants.keys());
  const usedIds = new Set<string>();
  const pickupByDefault = data.variants.some((v) => v.localPickup === undefined) ? { enabled: await reads.localPickup(vendorId) } : null;
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
      dimensions: v.dimensions
        ? { ...v.dimensions, dimUnit: v.dimensions.dimUnit ?? previous?.dimensions?.dimUnit ?? settings.defaultUnits.length }
        : null,
      localPickup: v.localPickup ?? previous?.localPickup ?? pickupByDefault!,
      media: withMediaIds(v.media, previous?.media ?? []),
      metafields: withMetafieldTypes(v.metafields, context),
      position,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    };
  });
  const prices = variants.map((v) => v.price);

  const autoApprove = await approvedAtOnce(auth, reads, vendorId);
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
    currency: existing?.currency ?? context.currency ?? settings.currency,
    seo: data.seo,
    options: data.options,
    media: withMediaIds(data.media, existing?.media ?? []),
    metafields: withMetafieldTypes(data.metafields, context),
    priceMin: Math.min(...prices),
    priceMax: Math.max(...prices),
    variantsCount: variants.length,
    ...stockSummary(variants),
    search: '',
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };

  const before = existing ? snapshotOf(existing, existingVariants, beforeVendor?.name ?? '', decimals) : null;
  let changes = diffSnapshots(before, snapshotOf(next, variants, vendor.name, decimals));
  if (existing && Object.keys(changes).length === 0)
    return {
      existing,
      next,
      variants,
      ownVariants,
      vendorName: vendor.name,
      changes,
      submitted: false,
      entersReview: false,
      revision: null,
    };

  // A vendor's edit of what the store reviews (settings.productReview), unless its products are auto-approved:
  // on a live product it waits as a revision beside the live one; otherwise it withdraws the approval.
  const proposed = documentOf(next, variants, decimals);
  const reviewed =
    existing !== null &&
    !auth.isAdmin &&
    !autoApprove &&
    existing.approved &&
    reviewReasons(documentOf(existing, existingVariants, decimals), proposed, settings.productReview).length > 0;
  if (reviewed && existing.status === 'ACTIVE') {
    return {
      existing,
      next,
      variants,
      ownVariants,
      vendorName: vendor.name,
      changes,
      submitted: true,
      entersReview: false,
      revision: proposed,
    };
  }
  const withdrawn = reviewed;
  if (withdrawn) {
    Object.assign(next, { approved: false, approvedAt: null, approvedBy: null });
    changes = { ...changes, approved: { before: true, after: false } };
  }
  // Admins hear of every product that enters review; edits of a product already waiting, once an hour.
  const submitted = !auth.isAdmin && !autoApprove && !next.approved;
  const entersReview = !existing || withdrawn;

  return { existing, next, variants, ownVariants, vendorName: vendor.name, changes, submitted, entersReview, revision: null };
}

/** The summary columns of a product's stock (lists filter and show them without reading variants). */
const stockSummary = (variants: Pick<VariantRow, 'trackStock' | 'stock'>[]) => ({
  totalStock: variants.reduce((sum, v) => sum + (v.trackStock ? v.stock : 0), 0),
  inStock: variants.some((v) => !v.trackStock || v.stock > 0),
});

/**
 * A live product's edit that waits for review: the proposal becomes (or replaces) its pending
 * revision and the live product stays as approved, except its stock, which goes live at once (a
 * vendor counting its shelf must not wait for an admin; orders count the same stock down).
 */
async function holdForReview(
  ctx: AppContext,
  tx: Db,
  auth: AuthContext,
  plan: SavePlan & { existing: ProductRow },
  existingVariants: VariantRow[],
  decimals: number,
  submittedMailKey: string | undefined,
): Promise<SaveProductResult> {
  const { existing } = plan;
  const now = ctx.now();
  const { created } = await proposeRevision(tx, auth, existing, plan.revision!, now);
  const proposedStock = new Map(plan.variants.map((v) => [v.id, v.stock]));
  const variants = existingVariants.map((v) => {
    const stock = proposedStock.get(v.id) ?? v.stock;
    return stock === v.stock ? v : { ...v, stock, updatedAt: now };
  });
  const next = { ...existing, ...stockSummary(variants), updatedAt: now };
  const changes = diffSnapshots(
    snapshotOf(existing, existingVariants, plan.vendorName, decimals),
    snapshotOf(next, variants, plan.vendorName, decimals),
  );
  if (Object.keys(changes).length) await writeSave(ctx, tx, auth, { ...plan, next, variants, changes }, decimals);
  await mailSubmitted(ctx, tx, auth.storeId, { ...plan, entersReview: created }, submittedMailKey);
  return { productId: existing.id, handle: existing.handle, created: false, changed: true };
}

/** The statements of one save (an update writes only the variants that changed). */
async function writeSave(ctx: AppContext, tx: Db, auth: AuthContext, plan: SavePlan, decimals: number) {
  const { existing, next, variants, ownVariants } = plan;
  const productId = next.id;
  const { search: _search, ...columns } = next;
  if (existing) {
    const { id: _id, storeId: _storeId, createdAt: _createdAt, ...update } = columns;
    await tx.update(products).set(update).where(eq(products.id, productId));
    const keptIds = variants.filter((v) => ownVariants.has(v.id)).map((v) => v.id);
    await tx
      .delete(productVariants)
      .where(
        keptIds.length
          ? and(eq(productVariants.productId, productId), notInArray(productVariants.id, keptIds))
          : eq(productVariants.productId, productId),
      );
    // Only the variants that changed (a stock update of one variant of 2,000 is one statement).
    for (const v of variants) {
      const previous = ownVariants.get(v.id);
      if (!previous || (previous.vendorId === v.vendorId && sameJson(variantOut(previous, decimals), variantOut(v, decimals)))) continue;
      const { id: _vid, productId: _pid, storeId: _sid, createdAt: _c, ...set } = v;
      await tx.update(productVariants).set(set).where(eq(productVariants.id, v.id));
    }
  } else {
    await tx.insert(products).values(columns);
  }
  const added = variants.filter((v) => !ownVariants.has(v.id));
  if (added.length) await tx.insert(productVariants).values(added);
  await writeProductLogs(tx, auth, [logEntryOf(plan)]);
  await enqueueProductSync(ctx, productId, tx, { ...next, isNew: !existing });
}

/** What a save asks of the plan and the vendor's membership (membership/listing-budget.ts). */
const listingChangeOf = (plan: { existing: { status: string } | null; next: { vendorId: string; status: string } }) => ({
  vendorId: plan.next.vendorId,
  creating: !plan.existing,
  activating: plan.next.status === 'ACTIVE' && plan.existing?.status !== 'ACTIVE',
});

const logEntryOf = (plan: SavePlan) => ({
  storeId: plan.next.storeId,
  productId: plan.next.id,
  vendorId: plan.next.vendorId,
  action: plan.existing ? ('update' as const) : ('create' as const),
  changes: plan.changes,
});

/**
 * The reads of a batch of new products, made once: their vendors, their handles (and the ones the
 * batch gives out, added to `reserved`), auto-approval per vendor.
 */
async function batchReads(tx: Db, auth: AuthContext, items: ProductData[], reserved: Set<string>): Promise<SaveReads> {
  const names = auth.vendorId ? [] : [...new Set(items.flatMap((d) => (d.vendor ? [d.vendor] : [])))];
  const ids = auth.vendorId ? [auth.vendorId] : [];
  const found =
    names.length || ids.length
      ? await tx
          .select({ id: vendors.id, name: vendors.name })
          .from(vendors)
          .where(and(eq(vendors.storeId, auth.storeId), names.length ? inArray(vendors.name, names) : inArray(vendors.id, ids)))
      : [];
  const bases = [...new Set(items.map((d) => slugify(d.handle || d.title)))];
  const taken = new Set((await takenHandles(tx, auth.storeId, bases)).map((r) => r.handle));
  const autoApprove = new Map<string, Promise<boolean>>();
  const localPickup = new Map<string, Promise<boolean>>();
  const direct = databaseReads(tx, auth.storeId);
  return {
    vendorNamed: async (name) => found.find((v) => v.name === name),
    vendorById: async (id) => found.find((v) => v.id === id) ?? direct.vendorById(id),
    async handle(base) {
      const handle = taken.has(base) || reserved.has(base) ? await freeHandle(tx, auth.storeId, base, null, reserved) : base;
      reserved.add(handle);
      return handle;
    },
    autoApprove(vendorId) {
      if (!autoApprove.has(vendorId)) autoApprove.set(vendorId, direct.autoApprove(vendorId));
      return autoApprove.get(vendorId)!;
    },
    localPickup(vendorId) {
      if (!localPickup.has(vendorId)) localPickup.set(vendorId, direct.localPickup(vendorId));
      return localPickup.get(vendorId)!;
    },
  };
}

/**
 * New products planned by `planNewProducts` and not written yet: each plan or the AppError that
 * refused it, and the rows of the plans made ready to send.
 */
export interface NewProductPlans {
  plans: (SavePlan | AppError)[];
  rows: PreparedInserts;
}

/**
 * Creates a batch of new products with a few multi-row statements (the catalog sync's, and the CSV
 * import's), each exactly as createOrUpdateProduct would: same rules, vendor, handle, approval, log
 * and mail; the storefront sync is one job for the batch. Answers per product its result or the
 * AppError that refused it. The writes are one savepoint: if the database refuses any (a handle
 * taken meanwhile), none of the batch is written and the error is thrown, for the caller to save
 * the products one by one instead.
 */
export async function createProducts(
  ctx: AppContext,
  auth: AuthContext,
  items: ProductData[],
  options: Required<Pick<SaveOptions, 'rules' | 'tx'>> & Pick<SaveOptions, 'submittedMailKey'>,
): Promise<(SaveProductResult | AppError)[]> {
  return writeNewProducts(ctx, options.tx, auth, await planNewProducts(ctx, options.tx, auth, items, options.rules, new Set()), {
    submittedMailKey: options.submittedMailKey,
  });
}

/**
 * Plans of new products, each as createOrUpdateProduct would plan it, or the AppError that refuses
 * it, with their rows made ready to send; nothing is written. `db` serves the reads (vendors,
 * handles, auto-approval): a caller may plan its next batch outside the transaction that writes the
 * current one (the CSV import). `reserved` holds the handles given out and not written yet; the
 * plans add theirs.
 */
export async function planNewProducts(
  ctx: AppContext,
  db: Db,
  auth: AuthContext,
  items: ProductData[],
  rules: ProductRules,
  reserved: Set<string>,
): Promise<NewProductPlans> {
  const reads = await batchReads(db, auth, items, reserved);
  // One time for the batch, as the database's now() would be for one statement: sent once, not per row.
  const now = ctx.now();
  const plans: (SavePlan | AppError)[] = [];
  for (const [i, data] of items.entries()) {
    if (i % TURN_EVERY === TURN_EVERY - 1) await eventLoopTurn();
    try {
      plans.push(await planSave(ctx, reads, auth, data, rules, null, [], now));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      plans.push(error);
    }
  }
  return {
    plans,
    rows: newProductRows(
      auth,
      plans.filter((p): p is SavePlan => !(p instanceof AppError)),
    ),
  };
}

/** The rows of new products (products, variants, log entries) as one statement. */
const newProductRows = (auth: AuthContext, plans: SavePlan[]) =>
  prepareInserts([
    { table: products, rows: plans.map(({ next: { search: _search, ...columns } }) => columns) },
    { table: productVariants, rows: plans.flatMap((p) => p.variants) },
    { table: productLogs, rows: logRowsOf(auth, plans.map(logEntryOf)) },
  ]);

export interface WriteNewProductsOptions {
  submittedMailKey?: string;
  /** Called once the batch's rows are on their way to the database: the caller may work meanwhile (the import plans its next page). */
  whileInserting?: () => void;
}

/**
 * Writes planned new products in the caller's transaction: each takes its place in the listing
 * budget (or is refused alone), then the batch's rows go in one statement in a savepoint, with the
 * admins' mail and one storefront sync job. A write the database refuses is thrown.
 */
export async function writeNewProducts(
  ctx: AppContext,
  tx: Db,
  auth: AuthContext,
  planned: NewProductPlans,
  { submittedMailKey, whileInserting }: WriteNewProductsOptions = {},
): Promise<(SaveProductResult | AppError)[]> {
  const budget = await listingBudget(ctx, tx, auth);
  const plans: (SavePlan | AppError)[] = [];
  for (const plan of planned.plans) {
    try {
      if (plan instanceof AppError) throw plan;
      await budget.take(listingChangeOf(plan));
      plans.push(plan);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      plans.push(error);
    }
  }
  const ok = plans.filter((p): p is SavePlan => !(p instanceof AppError));
  if (ok.length) {
    // The rows made with the plans, unless the budget refused some of them.
    const rows = ok.length === planned.plans.filter((p) => !(p instanceof AppError)).length ? planned.rows : newProductRows(auth, ok);
    await tx.transaction(async (sp) => {
      const inserting = insertPrepared(sp, rows);
      whileInserting?.();
      await inserting;
      const submitted = ok.find((p) => p.submitted);
      if (submitted) await mailSubmitted(ctx, sp, auth.storeId, submitted, submittedMailKey);
      await enqueueNewProductsSync(
        ctx,
        ok.map((p) => p.next),
        sp,
      );
    });
  }
  return plans.map((p) => (p instanceof AppError ? p : { productId: p.next.id, handle: p.next.handle, created: true, changed: true }));
}

/** The admins' mail of a plan that waits for review: once per key, else per product (entering review) or hour. */
async function mailSubmitted(ctx: AppContext, tx: Db, storeId: string, plan: SavePlan, submittedMailKey: string | undefined) {
  const product = { id: plan.next.id, title: plan.next.title, vendor: plan.vendorName };
  await mailProductSubmitted(
    ctx,
    tx,
    storeId,
    product,
    submittedMailKey ?? `${product.id}:${plan.entersReview ? randomUUID() : hourOf(ctx.now())}`,
  );
}

/** marketplace-on-product-submitted to every admin of the store, once per admin and mail key. */
async function mailProductSubmitted(
  ctx: AppContext,
  tx: Db,
  storeId: string,
  product: { id: string; title: string; vendor: string },
  mailKey: string,
) {
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
