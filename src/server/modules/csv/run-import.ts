import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { CSV_PROBLEMS_LISTED } from '#shared/schemas/csv-import';
import type { ProductData } from '#shared/schemas/products';
import type { AppContext } from '#server/context';
import { csvImportProducts, csvImports } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import {
  createOrUpdateProduct,
  isConstraintViolation,
  loadProductRules,
  planNewProducts,
  validateProduct,
  writeNewProducts,
  type NewProductPlans,
  type SaveProductResult,
} from '../products/index.ts';
import { findMatches, importAuth, problemOf } from './import-scope.ts';
import { toProductInput } from './to-product-input.ts';
import type { ImportedProduct, RowProblem } from './parse-product-csv.ts';
import { z } from 'zod';
import { defineJob, jobIds } from '#server/jobs/job-kind';
import { eventLoopTurn } from '#server/lib/event-loop-turn';

export const CSV_IMPORT_JOB = defineJob('product-csv-import', z.object({ importId: jobIds.id }));
/** Products written per transaction, together with the progress: the screen's progress moves by this much. */
export const IMPORT_BATCH = 500;
/** A job run hands over to a fresh job after this long, well inside the job lease. */
const RUN_MS = 60_000;

/** A page of staged products worked out before its write: what it updates, and its new products planned. */
interface PreparedPage {
  from: number;
  count: number;
  problems: RowProblem[];
  updates: ImportedProduct[];
  fresh: ImportedProduct[];
  planned: NewProductPlans;
}

/**
 * Writes the good products of a confirmed import as the validation staged them (`csv_import_products`),
 * a page at a time from `progress`, where a retried job resumes: the file is not read again. A new
 * product is planned from its staged data (as the editor's save plans it: vendor, handle, approval,
 * log) and written with the page's others in a few multi-row statements, unless a stored product
 * matches it by now: that one, like every update, is saved as the editor saves it, against the
 * product as stored when its page is written. The next page is read and planned while the current
 * one is written (Node plans while the database writes), and the current one is written while the
 * one before it commits (the database on two cores). Each page of products is written in one
 * transaction with the progress that counts it, committed after the page before it, so a crash or
 * retry never writes a product twice and never loses one; the import row's lock makes a second
 * runner of the same import (a lease that ran out) wait and then stop. A product that already
 * exists (same id, SKU or handle) is updated, so importing the same file again changes nothing
 * instead of duplicating. A vendor's import mails the admins once, not once per product.
 */
export async function runImport(ctx: AppContext, { importId }: z.infer<typeof CSV_IMPORT_JOB.payload>, shutdown?: AbortSignal) {
  const [row] = await ctx.db.select().from(csvImports).where(eq(csvImports.id, importId));
  if (!row || row.status !== 'importing') return;
  const auth = await importAuth(ctx, row);
  const asAdmin = auth.isAdmin && !auth.vendorId;
  const rules = await loadProductRules(ctx.db, row.storeId);
  const scope = { storeId: row.storeId, vendorId: row.vendorId };
  const startedAt = Date.now();
  const ofImport = and(eq(csvImportProducts.importId, importId), eq(csvImportProducts.storeId, row.storeId));
  const submittedMailKey = `import:${importId}`;
  // Handles planned for pages not written yet: two new products of the file never get the same one.
  const reserved = new Set<string>();
  /** The page that ends the import: the staged products ran out, or the count is reached. */
  const isLast = (page: PreparedPage) => page.count < IMPORT_BATCH || page.from + page.count >= row.productCount;

  /** Reads and plans the page from `from`, outside the transaction that writes the page before it. */
  async function prepare(from: number): Promise<PreparedPage> {
    const staged = await ctx.db
      .select({ product: csvImportProducts.product, data: csvImportProducts.data })
      .from(csvImportProducts)
      .where(and(ofImport, gte(csvImportProducts.seq, from)))
      .orderBy(asc(csvImportProducts.seq))
      .limit(IMPORT_BATCH);
    const page: Omit<PreparedPage, 'planned'> = { from, count: staged.length, problems: [], updates: [], fresh: [] };
    const products = staged.map((s) => s.product as ImportedProduct);
    const matchOf = await findMatches(ctx.db, scope, products, rules.decimals);
    const data: ProductData[] = [];
    staged.forEach((s, i) => {
      const product = products[i];
      const match = matchOf(product);
      try {
        if (match === 'unknown-id') throw new AppError('not_found', 'Product not found');
        if (match) page.updates.push(product);
        else {
          // Staged before the validation kept data (an import under way across a deploy): validated here.
          data.push((s.data as ProductData | null) ?? validateProduct(toProductInput(product, null, asAdmin), rules.context));
          page.fresh.push(product);
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        page.problems.push(problemOf(product, error));
      }
    });
    return { ...page, planned: await planNewProducts(ctx, ctx.db, auth, data, rules, reserved) };
  }

  /**
   * Writes a prepared page and its progress in one transaction. Two pages' writes may be under way
   * at once, the database working on both (on two cores), but a page counts itself only after the
   * page before it is done (`before`, true when the import goes on): its progress is the stored one
   * plus its own, read under the import row's lock, which also makes a second runner of the same
   * import (a lease that ran out) wait and then find the progress moved, and roll its page back.
   * Answers whether the import goes on. `startNext` starts preparing the next page once the database
   * has this page's writes to do: its new products' rows sent, or its updates begun. Not sooner:
   * Node's work on the next page would hold back the round trips that lead up to them.
   */
  async function write(page: PreparedPage, before: Promise<boolean>, startNext: () => void): Promise<boolean> {
    let nextStarted = false;
    const startNextOnce = () => {
      if (nextStarted) return;
      nextStarted = true;
      startNext();
    };
    try {
      return await ctx.db.transaction(async (tx) => {
        const failed = [...page.problems];
        let [created, updated] = [0, 0];
        const count = (result: SaveProductResult) => {
          // A product the file leaves as it is counts neither as created nor as updated.
          if (result.created) created++;
          else if (result.changed) updated++;
        };
        const saveEach = async (items: { product: ImportedProduct; input: () => unknown }[]) => {
          for (const { product, input } of items) {
            try {
              count(await createOrUpdateProduct(ctx, auth, input(), { rules, tx, submittedMailKey }));
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              failed.push(problemOf(product, error));
            }
          }
        };
        // Updates are matched again in the transaction: each is made of the product as stored now.
        if (page.updates.length) {
          startNextOnce();
          const matchOf = await findMatches(tx, scope, page.updates, rules.decimals);
          await saveEach(
            page.updates.map((product) => ({
              product,
              input: () => {
                const match = matchOf(product);
                if (match === 'unknown-id') throw new AppError('not_found', 'Product not found');
                return toProductInput(product, match, asAdmin);
              },
            })),
          );
        }
        if (page.fresh.length) {
          try {
            const results = await writeNewProducts(ctx, tx, auth, page.planned, { submittedMailKey, whileInserting: startNextOnce });
            results.forEach((result, i) => (result instanceof AppError ? failed.push(problemOf(page.fresh[i], result)) : count(result)));
          } catch (error) {
            if (!isConstraintViolation(error)) throw error;
            // A write the database refused (a handle or SKU taken meanwhile): the page's new products one by one, each on its own.
            await saveEach(page.fresh.map((product) => ({ product, input: () => toProductInput(product, null, asAdmin) })));
          }
        }
        startNextOnce();
        // The page before failed or stopped the import: this one is rolled back (a failure goes on to the job).
        if (!(await before)) throw new Superseded();
        // A page's commit does not wait for its flush to disk (synchronous_commit off, this transaction
        // only): a crash may lose the last pages written, but with the progress that counts them, so the
        // job writes them again, never twice. Set in the lock's own statement, saving a round trip.
        const [current] = await tx
          .select({
            progress: csvImports.progress,
            status: csvImports.status,
            created: csvImports.created,
            updated: csvImports.updated,
            failed: csvImports.failed,
            failedCount: csvImports.failedCount,
            _commit: sql`set_config('synchronous_commit', 'off', true)`,
          })
          .from(csvImports)
          .where(eq(csvImports.id, importId))
          .for('update');
        if (current?.status !== 'importing' || current.progress !== page.from) throw new Superseded();
        const progress = current.progress + page.count;
        const done = isLast(page);
        if (done) await tx.delete(csvImportProducts).where(ofImport);
        // Staged products missing before the count (an import confirmed before they were staged): stopped, not done.
        const status = !done ? 'importing' : progress < row.productCount ? 'failed' : 'done';
        await tx
          .update(csvImports)
          .set({
            progress,
            created: current.created + created,
            updated: current.updated + updated,
            // Problems in the file's order, whichever way their product was written.
            failed: [...current.failed, ...failed].sort((a, b) => a.line - b.line).slice(0, CSV_PROBLEMS_LISTED),
            failedCount: current.failedCount + failed.length,
            status,
            updatedAt: sql`now()`,
          })
          .where(eq(csvImports.id, importId));
        return !done;
      });
    } catch (error) {
      if (error instanceof Superseded) return false;
      throw error;
    } finally {
      // Whatever became of this page, the loop waits for the next one.
      startNextOnce();
    }
  }

  // The page before the one being written: whether the import goes on after it.
  let before: Promise<boolean> = Promise.resolve(true);
  let from = row.progress;
  let next = awaitedLater(prepare(from));
  for (;;) {
    // PGlite answers without leaving the microtask queue: a turn of the event loop lets a shutdown
    // signal (and other requests) in between two pages, as PostgreSQL's network reads do.
    await eventLoopTurn();
    // A shutting-down process hands over after the pages it was writing, like a run that took a minute
    // (after at least one page, so the fresh job's key, made of the progress, is a new one).
    const handOver = Date.now() - startedAt > RUN_MS || shutdown?.aborted;
    if (handOver && from > row.progress) {
      if (await before) await ctx.jobs.enqueue(CSV_IMPORT_JOB, { importId }, { dedupeKey: `${CSV_IMPORT_JOB.type}:${importId}:${from}` });
      return;
    }
    const page = await next;
    // The next page is read and planned while this one is written, from when the write lets it start;
    // this one is written while the one before commits.
    let startNext = () => {};
    if (!isLast(page))
      next = awaitedLater(new Promise<void>((resolve) => (startNext = resolve)).then(() => prepare(page.from + page.count)));
    const writing = awaitedLater(write(page, before, startNext));
    const goesOn = await before.catch(async (error: unknown) => {
      // Not before this page's write has rolled back: the job's retry finds no transaction of this run open.
      await writing.catch(() => {});
      throw error;
    });
    if (!goesOn || isLast(page)) {
      await writing;
      return;
    }
    before = writing;
    from = page.from + page.count;
  }
}

/** A page that must not count: another runner moved the progress on, or the page before stopped the import. */
class Superseded extends Error {}

/** A promise awaited when its turn comes: a failure before then must not count as unhandled. */
function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
