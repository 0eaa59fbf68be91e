import { and, eq, inArray, sql } from 'drizzle-orm';
import { CSV_PROBLEMS_LISTED } from '#shared/schemas/csv-import';
import type { AppContext } from '#server/context';
import { csvImportProducts, csvImports, vendors } from '#server/db/schema/index';
import { insertMany } from '#server/db/insert-many';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { loadProductRules, validateProduct, type ProductRules } from '../products/index.ts';
import { parseProductCsvStream, type ImportedProduct, type RowProblem, type StreamedCsv } from './parse-product-csv.ts';
import { findMatches, importAuth, problemOf, type CsvImportRow } from './import-scope.ts';
import { toProductInput } from './to-product-input.ts';
import { productRoom } from '../installation/index.ts';

const MATCH_BATCH = 500;

/**
 * Reads an import's file back from storage as a stream (once, or twice if a product's rows are apart:
 * parse-product-csv), its products handed to `each` a batch at a time; `restart` drops what was handed over.
 */
function readImportFile(
  ctx: AppContext,
  auth: AuthContext,
  row: CsvImportRow,
  rules: ProductRules,
  each: (products: ImportedProduct[]) => Promise<void>,
  restart: () => Promise<void>,
): Promise<StreamedCsv> {
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
  return parseProductCsvStream(open, options, each, MATCH_BATCH, restart);
}

/**
 * Checks every row before anything is written: the CSV rules, then each product against the
 * store's product rules (limits, required metafields), unknown ids and vendors, and the new products
 * past what the store's plan still takes (each such row a problem in the plan's words, so the check's
 * count is what the import will create). The products that
 * pass are staged (`csv_import_products`, in the file's order), a new one with its validated data:
 * they are what a confirmed import writes, without reading or checking the file again.
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
  const plan = await productRoom(ctx.db, auth, ctx.now());
  let problems: RowProblem[] = [];
  let good = 0;
  let fresh = 0;
  // A batch's rows are written while the next batch is read and checked (on PostgreSQL the two run
  // on two cores); at most one write is under way, so memory holds at most two batches.
  let staging: Promise<void> = Promise.resolve();
  const stage = async (batch: ImportedProduct[]) => {
    const matchOf = await findMatches(ctx.db, { storeId: row.storeId, vendorId: row.vendorId }, batch, rules.decimals);
    const staged: (typeof csvImportProducts.$inferInsert)[] = [];
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
        const data = validateProduct(toProductInput(product, match, asAdmin), rules.context);
        if (!match && plan.room !== null && fresh++ >= plan.room) {
          problems.push({ line: product.line, message: plan.message });
          continue;
        }
        // An update is made again by the job from the product as stored then: only a new product's data is kept.
        staged.push({ importId: row.id, seq: good++, storeId: row.storeId, product, data: match ? null : data });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        problems.push(problemOf(product, error));
      }
    }
    await staging;
    staging = insertMany(ctx.db, csvImportProducts, staged);
    // Awaited with the next batch or at the end; until then a failure must not count as unhandled.
    staging.catch(() => {});
  };
  // The file read again from its start (its products' rows stand apart): what was staged goes.
  const restart = async () => {
    await staging;
    await ctx.db.delete(csvImportProducts).where(ofImport);
    [problems, good, fresh] = [[], 0, 0];
  };
  let parsed: StreamedCsv;
  try {
    // Each batch checked and staged as the file is read: the file's products are never held together.
    parsed = await readImportFile(ctx, auth, row, rules, stage, restart).finally(() => staging.catch(() => {}));
    await staging;
  } catch (error) {
    // A file refused once products were staged (too many rows, found at its end) leaves none behind.
    await staging.catch(() => {});
    await ctx.db.delete(csvImportProducts).where(ofImport);
    throw error;
  }
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
