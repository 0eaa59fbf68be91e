import { eq, sql } from 'drizzle-orm';
import { CSV_PROBLEMS_LISTED } from '#shared/schemas/csv-import';
import type { AppContext } from '../../context.ts';
import { csvImports } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { createOrUpdateProduct } from '../products/index.ts';
import { findMatches, importAuth } from './import-scope.ts';
import { readImportFile } from './validate-import.ts';
import { toProductInput } from './to-product-input.ts';
import type { RowProblem } from './parse-product-csv.ts';

export const CSV_IMPORT_JOB = 'product-csv-import';
/** Products one job run writes before handing over to a fresh job (well inside the job lease). */
const PRODUCTS_PER_RUN = 500;
const PROGRESS_EVERY = 25;

/**
 * Writes the good products of a confirmed import, resuming at `progress`: a crash or retry never
 * writes a product twice, and a product that already exists (same id or SKU) is updated, so
 * importing the same file again updates instead of duplicating.
 */
export async function runImport(ctx: AppContext, payload: Record<string, unknown>) {
  const importId = String(payload.importId);
  const [row] = await ctx.db.select().from(csvImports).where(eq(csvImports.id, importId));
  if (!row || row.status !== 'importing') return;
  const auth = await importAuth(ctx, row);
  const asAdmin = auth.isAdmin && !auth.vendorId;
  const parsed = await readImportFile(ctx, row, auth);
  const end = Math.min(parsed.products.length, row.progress + PRODUCTS_PER_RUN);
  let { progress, created, updated } = row;
  const failed: RowProblem[] = [...row.failed];
  const save = (status: 'importing' | 'done') =>
    ctx.db
      .update(csvImports)
      .set({ progress, created, updated, failed: failed.slice(0, CSV_PROBLEMS_LISTED), status, updatedAt: sql`now()` })
      .where(eq(csvImports.id, importId));

  while (progress < end) {
    const batch = parsed.products.slice(progress, Math.min(end, progress + PROGRESS_EVERY));
    const matchOf = await findMatches(ctx.db, { storeId: row.storeId, vendorId: row.vendorId }, batch);
    for (const product of batch) {
      const match = matchOf(product);
      try {
        if (match === 'unknown-id') throw new AppError('not_found', 'Product not found');
        const result = await createOrUpdateProduct(ctx, auth, toProductInput(product, match, asAdmin));
        if (result.created) created++;
        else updated++;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failed.push({ line: product.line, column: error.errors?.[0]?.path, message: error.errors?.[0]?.message ?? error.message });
      }
      progress++;
    }
    await save('importing');
  }
  if (progress >= parsed.products.length) {
    await save('done');
    return;
  }
  await ctx.jobs.enqueue(CSV_IMPORT_JOB, { importId }, { dedupeKey: `${CSV_IMPORT_JOB}:${importId}:${progress}` });
}
