import { and, eq, inArray, sql } from 'drizzle-orm';
import { CSV_PROBLEMS_LISTED } from '#shared/schemas/csv-import';
import type { AppContext } from '#server/context';
import { csvImportProducts, csvImports, vendors } from '#server/db/schema/index';
import { insertMany } from '#server/db/insert-many';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { loadProductRules, planNewProducts, validateProduct, type PlannedProduct, type ProductRules } from '../products/index.ts';
import { parseProductCsvStream, type ImportedProduct, type RowProblem, type StreamedCsv } from './parse-product-csv.ts';
import type { ProductData } from '#shared/schemas/products';
import { findMatches, importAuth, matchKeyOf, type CsvImportRow, type MatchKey } from './import-scope.ts';
import { toProductInput } from './to-product-input.ts';

const MATCH_BATCH = 500;

/**
 * What the job reads of a planned product before writing it as planned: it matches the file's
 * product again by `source` (a product saved meanwhile may now be the one it updates) and checks
 * the handle and the approval. The file's product itself is read only if the plan cannot be used.
 */
export interface PlanHead {
  id: string;
  vendorId: string;
  status: string;
  approved: boolean;
  title: string;
  handle: string;
  submitted: boolean;
  vendorName: string;
  source: MatchKey;
}

/** A planned product staged: its rows, written by the job without reading them, and the head it reads. */
function stagedPlan({ product, variants, log, submitted, vendorName }: PlannedProduct, source: ImportedProduct): { planned: Omit<PlannedProduct, 'submitted' | 'vendorName'>; head: PlanHead } {
  const p = product as { id: string; vendor_id: string; status: string; approved: boolean; title: string; handle: string };
  return {
    planned: { product, variants, log },
    head: { id: p.id, vendorId: p.vendor_id, status: p.status, approved: p.approved, title: p.title, handle: p.handle, submitted, vendorName, source: matchKeyOf(source) },
  };
}

/** Reads an import's file back from storage as a stream (twice: parse-product-csv), its products handed to `each` a batch at a time. */
function readImportFile(ctx: AppContext, auth: AuthContext, row: CsvImportRow, rules: ProductRules, each: (products: ImportedProduct[]) => Promise<void>): Promise<StreamedCsv> {
  const open = async () => {
    const stored = await ctx.storage.get(row.fileKey);
    if (!stored) throw new AppError('not_found', 'The uploaded file is gone; upload it again');
    return stored.body as AsyncIterable<Uint8Array>;
  };
  const options = {
    isAdmin: auth.isAdmin && !auth.vendorId,
    ownVendor: auth.vendorId ? auth.vendor : undefined,
    defaultWeightUnit: rules.settings.defaultUnits.weight,
    publicUrl: ctx.config.publicUrl,
  };
  return parseProductCsvStream(open, options, each, MATCH_BATCH);
}

/**
 * Checks every row before anything is written: the CSV rules, then each product against the
 * store's product rules (limits, required metafields), unknown ids and vendors. The products that
 * pass are staged (`csv_import_products`, in the file's order), a new one planned as a save plans it
 * (handle, approval, rows): they are what a confirmed import writes, without reading or checking the
 * file again.
 */
export async function validateImport(ctx: AppContext, row: CsvImportRow) {
  const ofImport = and(eq(csvImportProducts.importId, row.id), eq(csvImportProducts.storeId, row.storeId));
  // The stored file is the new one from here: until its validation is saved, the import cannot be confirmed.
  const [reopened] = await ctx.db
    .update(csvImports)
    .set({ status: 'waiting', updatedAt: sql`now()` })
    .where(and(eq(csvImports.id, row.id), inArray(csvImports.status, ['waiting', 'validated'])))
    .returning({ id: csvImports.id });
  if (!reopened) throw new AppError('conflict', 'This import has already started');
  await ctx.db.delete(csvImportProducts).where(ofImport);
  const auth = await importAuth(ctx, row);
  const rules = await loadProductRules(ctx.db, row.storeId);
  const asAdmin = auth.isAdmin && !auth.vendorId;
  const vendorNames = asAdmin
    ? new Set((await ctx.db.select({ name: vendors.name }).from(vendors).where(eq(vendors.storeId, row.storeId))).map((v) => v.name))
    : new Set<string>();
  const problems: RowProblem[] = [];
  const problemOf = (product: ImportedProduct, error: AppError) => {
    const first = error.errors?.[0];
    problems.push({ line: product.line, column: first?.path, message: first ? first.message : error.message });
  };
  // The handles planned so far: two new products of the file never get the same one.
  const handles = new Set<string>();
  let good = 0;
  // A batch's rows are written while the next batch is read and checked (on PostgreSQL the two run
  // on two cores); at most one write is under way, so memory holds at most two batches.
  let staging: Promise<void> = Promise.resolve();
  // Each batch checked and staged as the file is read: the file's products are never held together.
  const parsed = await readImportFile(ctx, auth, row, rules, async (batch) => {
    const matchOf = await findMatches(ctx.db, { storeId: row.storeId, vendorId: row.vendorId }, batch, rules.decimals);
    const checked: { product: ImportedProduct; data: ProductData; isNew: boolean }[] = [];
    for (const product of batch) {
      const match = matchOf(product);
      if (match === 'unknown-id') {
        problems.push({ line: product.line, column: 'id', message: 'Product not found' });
        continue;
      }
      if (asAdmin && !product.vendor && !match) {
        problems.push({ line: product.line, column: 'vendor', message: 'Required field' });
        continue;
      }
      if (asAdmin && product.vendor && !vendorNames.has(product.vendor)) {
        problems.push({ line: product.line, column: 'vendor', message: 'Unknown vendor' });
        continue;
      }
      try {
        checked.push({ product, data: validateProduct(toProductInput(product, match, asAdmin), rules.context), isNew: !match });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        problemOf(product, error);
      }
    }
    // An update is planned again by the job against the product as it is then; a new product is planned here.
    const fresh = checked.filter((c) => c.isNew);
    const plans = new Map(fresh.map((c, i) => [c, i]));
    const planned = await planNewProducts(ctx, ctx.db, auth, fresh.map((c) => c.data), rules, handles);
    const staged: (typeof csvImportProducts.$inferInsert)[] = [];
    for (const c of checked) {
      const plan = c.isNew ? planned[plans.get(c)!] : null;
      if (plan instanceof AppError) problemOf(c.product, plan);
      else staged.push({ importId: row.id, seq: good++, storeId: row.storeId, product: c.product, ...(plan ? stagedPlan(plan, c.product) : { planned: null, head: null }) });
    }
    await staging;
    staging = insertMany(ctx.db, csvImportProducts, staged);
    // Awaited with the next batch or at the end; until then a failure must not count as unhandled.
    staging.catch(() => {});
  }).finally(() => staging.catch(() => {}));
  await staging;
  problems.push(...parsed.errors);
  problems.sort((a, b) => a.line - b.line);
  const [saved] = await ctx.db
    .update(csvImports)
    .set({
      status: 'validated',
      format: parsed.format,
      rowCount: parsed.rowCount,
      productCount: good,
      errorCount: problems.length,
      errors: problems.slice(0, CSV_PROBLEMS_LISTED),
      warnings: parsed.warnings.slice(0, CSV_PROBLEMS_LISTED),
      updatedAt: sql`now()`,
    })
    .where(eq(csvImports.id, row.id))
    .returning();
  return saved;
}
