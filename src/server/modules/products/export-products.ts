import { Readable } from 'node:stream';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import Papa from 'papaparse';
import { currencyDecimals, formatMinorUnits, ProductListQuerySchema, type ProductListQuery } from '#shared/schemas/products';
import type { AppContext } from '../../context.ts';
import { productExports, productVariants, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { parseOrThrow } from '../../http/validation.ts';
import { readStoreSettings } from '../settings/store-settings.ts';
import { countQuery, encodeCursor, fetchPage, loadPageRows, planOf, resolveVendor, rowsOf, type ListPlan } from './list-products.ts';
import { isUuid } from './product-scope.ts';
import type { VariantRow } from './product-data.ts';

export const EXPORT_PRODUCTS_JOB = 'products-export';
export const EXPORT_NOT_FOUND = 'Export not found';
export const EXPORT_NOT_READY = 'The export is not ready yet';
export const EXPORT_TUNING = {
  /** Products per part file (one page of the keyset list, one storage object). */
  pageSize: 500,
  /** Parts per job run: a run stays well inside the queue's 5-minute lease, then a continuation job follows. */
  pagesPerRun: 20,
};
const EXPORT_ATTEMPTS = 5;

/**
 * The columns: the spec's CSV import row (id, sku, vendor, price, compare price, weight, weight
 * unit, stock with "Untracked", title, images, description, 3 option name/value pairs) plus what
 * a person reviewing the list wants to see. One row per variant; product fields on every row.
 */
export const EXPORT_COLUMNS = [
  'ID',
  'Handle',
  'Title',
  'Description',
  'Vendor',
  'Status',
  'Approved',
  'Variant ID',
  'SKU',
  'Barcode',
  'Price',
  'Compare Price',
  'Weight',
  'Weight Unit',
  'Stock',
  'Images',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'SEO Title',
  'SEO Description',
  'Updated At',
] as const;

/**
 * Cells a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) get a leading
 * single quote (OWASP CSV injection; security.md 16). papaparse's own default pattern misses
 * multi-line cells ("=1+1\nx"), so ours only looks at the first character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function toCsv(rows: string[][], withHeader: boolean): string {
  return Papa.unparse({ fields: withHeader ? [...EXPORT_COLUMNS] : [], data: rows }, { header: withHeader, escapeFormulae: FORMULA_START, newline: '\r\n' });
}

const partKey = (storeId: string, exportId: string, part: number) => `exports/${storeId}/${exportId}/part-${String(part).padStart(6, '0')}.csv`;

/** POST products/export: records the export and queues its job; answers at once (202). */
export async function startProductExport(ctx: AppContext, auth: AuthContext, query: ProductListQuery) {
  const parsed = parseOrThrow(ProductListQuerySchema, query);
  // The whole filtered list: a cursor of the screen's current page does not narrow an export.
  const { after: _after, before: _before, first: _first, ...filters } = parsed;
  const plan = await resolveVendor(ctx.db, planOf(auth, parsed));
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(productExports)
      .values({ storeId: auth.storeId, userId: auth.userId, vendorId: plan.scope.vendorId, query: filters })
      .returning({ id: productExports.id });
    await ctx.jobs.enqueue(EXPORT_PRODUCTS_JOB, { exportId: row.id }, { dedupeKey: `${EXPORT_PRODUCTS_JOB}:${row.id}:0`, maxAttempts: EXPORT_ATTEMPTS }, tx);
    return { exportId: row.id };
  });
}

/** The export row of its requester; anyone else (another vendor, another admin) gets a 404. */
async function getOwnExport(ctx: AppContext, auth: AuthContext, exportId: string) {
  if (!isUuid(exportId)) throw notFound(EXPORT_NOT_FOUND);
  const [row] = await ctx.db
    .select()
    .from(productExports)
    .where(and(eq(productExports.id, exportId), eq(productExports.storeId, auth.storeId), eq(productExports.userId, auth.userId)));
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  return row;
}

export const exportDownloadPath = (exportId: string) => `/api/products/exports/${exportId}/download`;

/** GET products/exports/{exportId}. */
export async function getProductExport(ctx: AppContext, auth: AuthContext, exportId: string) {
  const row = await getOwnExport(ctx, auth, exportId);
  const done = row.status === 'done';
  const progress = done ? 100 : row.total ? Math.min(99, Math.floor((row.rowCount / row.total) * 100)) : 0;
  return {
    exportId: row.id,
    status: row.status,
    progress,
    rows: row.rowCount,
    total: row.total,
    ...(done ? { url: exportDownloadPath(row.id) } : {}),
    ...(row.error ? { error: row.error } : {}),
  };
}

/** GET products/exports/{exportId}/download: the parts, streamed one after the other. */
export async function downloadProductExport(ctx: AppContext, auth: AuthContext, exportId: string) {
  const row = await getOwnExport(ctx, auth, exportId);
  if (row.status !== 'done') throw new AppError('conflict', EXPORT_NOT_READY);
  const storage = ctx.storage;
  async function* parts() {
    yield Buffer.from('\uFEFF'); // a BOM, so spreadsheet tools read the file as UTF-8
    for (let part = 0; part < row.parts; part++) {
      const stored = await storage.get(partKey(row.storeId, row.id, part));
      if (!stored) throw new Error(`Missing export part ${part}`);
      for await (const chunk of stored.body) yield chunk as Buffer;
    }
  }
  return { body: Readable.from(parts()), filename: `products-${row.createdAt.toISOString().slice(0, 10)}.csv` };
}

function csvRows(
  rows: Awaited<ReturnType<typeof loadPageRows>>,
  variants: VariantRow[],
  decimals: number,
  publicUrl: string,
): string[][] {
  const byProduct = new Map<string, VariantRow[]>();
  for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  const absolute = (src: string) => (src.startsWith('/') ? `${publicUrl}${src}` : src);
  return rows.flatMap(({ product: p, vendor }) => {
    const variantsOf = byProduct.get(p.id) ?? [];
    // A product without variants (not creatable through the API, but possible in old data) still gets its row.
    return (variantsOf.length ? variantsOf : [null]).map((v) => {
      const options = [0, 1, 2].flatMap((i) => [p.options[i]?.name ?? '', p.options[i] ? (v?.options[i] ?? '') : '']);
      return [
        p.id,
        p.handle,
        p.title,
        p.bodyHtml,
        vendor,
        p.status,
        p.approved ? 'true' : 'false',
        v?.id ?? '',
        v?.sku ?? '',
        v?.barcode ?? '',
        v ? formatMinorUnits(v.price, decimals) : '',
        v && v.compareAt !== null ? formatMinorUnits(v.compareAt, decimals) : '',
        v ? String(v.weight) : '',
        v?.weightUnit ?? '',
        v ? (v.trackStock ? String(v.stock) : 'Untracked') : '',
        p.media.map((m) => absolute(m.src)).join(' '),
        ...options,
        p.seo.title,
        p.seo.description,
        p.updatedAt.toISOString(),
      ];
    });
  });
}

/** Marks the export done and mails its requester a link to it, in one transaction: the mail is queued exactly when the file is complete. */
async function finishExport(ctx: AppContext, row: typeof productExports.$inferSelect, progress: { cursor: string | null; parts: number; rowCount: number }) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(productExports)
      .set({ ...progress, status: 'done', finishedAt: ctx.now() })
      .where(eq(productExports.id, row.id));
    const [requester] = await tx.select({ email: users.email }).from(users).where(and(eq(users.id, row.userId), isNull(users.disabledAt)));
    if (!requester) return;
    await ctx.mailer.send(
      {
        storeId: row.storeId,
        template: 'export-ready',
        to: requester.email,
        vars: { kind: 'products', rows: progress.rowCount, link: `${ctx.config.publicUrl}/app/products?export=${row.id}` },
        dedupeKey: `export-ready:${row.id}`,
      },
      tx,
    );
  });
}

/**
 * The job: from the recorded cursor, up to EXPORT_TUNING.pagesPerRun keyset pages, each written as one
 * part, the cursor and counters saved after each part (a crash repeats at most one part, which
 * overwrites itself). When pages remain, a continuation job is queued. Only one page of products
 * is ever in memory.
 */
export async function runProductExport(ctx: AppContext, payload: Record<string, unknown>, job: { attempts: number }) {
  const exportId = String(payload.exportId ?? '');
  const [row] = await ctx.db.select().from(productExports).where(eq(productExports.id, exportId));
  if (!row || row.status === 'done' || row.status === 'failed') return;
  try {
    const settings = await readStoreSettings(ctx.db, row.storeId);
    const decimals = currencyDecimals(settings.currency);
    const query = ProductListQuerySchema.parse(row.query);
    const plan: ListPlan = planOf({ storeId: row.storeId, vendorId: row.vendorId, isAdmin: false }, query);
    let { cursor, parts, rowCount, total } = row;
    if (total === null) {
      total = rowsOf<{ n: number }>(await ctx.db.execute(countQuery(plan, null)))[0].n;
      await ctx.db.update(productExports).set({ status: 'running', total }).where(eq(productExports.id, row.id));
    }
    for (let run = 0; run < EXPORT_TUNING.pagesPerRun; run++) {
      const page = await fetchPage(ctx.db, plan, { after: cursor ?? undefined, first: EXPORT_TUNING.pageSize });
      const ids = page.ids.map((r) => r.id);
      if (ids.length > 0) {
        const products = await loadPageRows(ctx.db, ids);
        const variants = await ctx.db
          .select()
          .from(productVariants)
          .where(inArray(productVariants.productId, ids))
          .orderBy(asc(productVariants.productId), asc(productVariants.position));
        const csv = toCsv(csvRows(products, variants, decimals, ctx.config.publicUrl), parts === 0);
        await ctx.storage.put(partKey(row.storeId, row.id, parts), Buffer.from(`${csv}\r\n`), 'text/csv');
        const last = page.ids[page.ids.length - 1];
        cursor = encodeCursor(plan.sort, last.k, last.id);
        parts += 1;
        rowCount += products.length;
      } else if (parts === 0) {
        // Nothing matched: the file still has its header.
        await ctx.storage.put(partKey(row.storeId, row.id, 0), Buffer.from(`${toCsv([], true)}\r\n`), 'text/csv');
        parts = 1;
      }
      const finished = !page.hasNextPage;
      const progress = { cursor, parts, rowCount };
      if (finished) {
        await finishExport(ctx, row, progress);
        return;
      }
      await ctx.db.update(productExports).set({ ...progress, status: 'running' }).where(eq(productExports.id, row.id));
    }
    await ctx.jobs.enqueue(EXPORT_PRODUCTS_JOB, { exportId: row.id }, { dedupeKey: `${EXPORT_PRODUCTS_JOB}:${row.id}:${parts}`, maxAttempts: EXPORT_ATTEMPTS });
  } catch (error) {
    if (job.attempts >= EXPORT_ATTEMPTS) {
      const message = error instanceof Error ? error.message : String(error);
      await ctx.db.update(productExports).set({ status: 'failed', error: message.slice(0, 500), finishedAt: ctx.now() }).where(eq(productExports.id, row.id));
    }
    throw error;
  }
}
