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

interface Progress {
  progress: number;
  created: number;
  updated: number;
  failed: RowProblem[];
}

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
 * one is written (Node plans while the database writes). Each page of products is written in one
 * transaction with the progress that counts it, so a crash or retry never writes a product twice
 * and never loses one; the import row's lock makes a second runner of the same import (a lease that
 * ran out) wait and then stop. A product that already exists (same id, SKU or handle) is updated, so
 * importing the same file again changes nothing instead of duplicating. A vendor's import mails the
 * admins once, not once per product.
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
   * Writes a prepared page and its progress in one transaction; null when the import is done or
   * another runner moved on. `startNext` starts preparing the next page once the database has the
   * page's writes to do: its new products' rows sent, or its updates begun. Not sooner: Node's work on
   * the next page would hold back the round trips that lead up to them.
   */
  function write(page: PreparedPage, state: Progress, startNext: () => void): Promise<Progress | null> {
    return ctx.db.transaction(async (tx) => {
      // A page's commit does not wait for its flush to disk (synchronous_commit off, this transaction
      // only): a crash may lose the last pages written, but with the progress that counts them, so the
      // job writes them again, never twice. Set in the lock's own statement, saving a round trip.
      const [current] = await tx
        .select({ progress: csvImports.progress, status: csvImports.status, _commit: sql`set_config('synchronous_commit', 'off', true)` })
        .from(csvImports)
        .where(eq(csvImports.id, importId))
        .for('update');
      if (current?.status !== 'importing' || current.progress !== page.from) return null;
      let nextStarted = false;
      const startNextOnce = () => {
        if (nextStarted) return;
        nextStarted = true;
        startNext();
      };
      const out: Progress = { ...state, failed: [...state.failed, ...page.problems] };
      const count = (result: SaveProductResult) => {
        // A product the file leaves as it is counts neither as created nor as updated.
        if (result.created) out.created++;
        else if (result.changed) out.updated++;
      };
      const saveEach = async (items: { product: ImportedProduct; input: () => unknown }[]) => {
        for (const { product, input } of items) {
          try {
            count(await createOrUpdateProduct(ctx, auth, input(), { rules, tx, submittedMailKey }));
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            out.failed.push(problemOf(product, error));
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
          results.forEach((result, i) => (result instanceof AppError ? out.failed.push(problemOf(page.fresh[i], result)) : count(result)));
        } catch (error) {
          if (!isConstraintViolation(error)) throw error;
          // A write the database refused (a handle or SKU taken meanwhile): the page's new products one by one, each on its own.
          await saveEach(page.fresh.map((product) => ({ product, input: () => toProductInput(product, null, asAdmin) })));
        }
      }
      startNextOnce();
      // Problems in the file's order, whichever way their product was written.
      out.failed.sort((a, b) => a.line - b.line);
      out.progress += page.count;
      const done = isLast(page);
      if (done) await tx.delete(csvImportProducts).where(ofImport);
      // Staged products missing before the count (an import confirmed before they were staged): stopped, not done.
      const status = !done ? 'importing' : out.progress < row.productCount ? 'failed' : 'done';
      await tx
        .update(csvImports)
        .set({ ...out, failed: out.failed.slice(0, CSV_PROBLEMS_LISTED), status, updatedAt: sql`now()` })
        .where(eq(csvImports.id, importId));
      return done ? null : out;
    });
  }

  /** A page being prepared; awaited when its turn comes, so a failure meanwhile must not count as unhandled. */
  const ahead = (from: number) => {
    const page = prepare(from);
    page.catch(() => {});
    return page;
  };

  let state: Progress = { progress: row.progress, created: row.created, updated: row.updated, failed: [...row.failed] };
  let next = ahead(state.progress);
  for (;;) {
    // PGlite answers without leaving the microtask queue: a turn of the event loop lets a shutdown
    // signal (and other requests) in between two pages, as PostgreSQL's network reads do.
    await eventLoopTurn();
    // A shutting-down process hands over after the page it was writing, like a run that took a minute
    // (after at least one page, so the fresh job's key, made of the progress, is a new one).
    const handOver = Date.now() - startedAt > RUN_MS || shutdown?.aborted;
    if (handOver && state.progress > row.progress) {
      await ctx.jobs.enqueue(CSV_IMPORT_JOB, { importId }, { dedupeKey: `${CSV_IMPORT_JOB.type}:${importId}:${state.progress}` });
      return;
    }
    const page = await next;
    // The next page is read and planned while this one is written.
    const written = await write(page, state, () => {
      if (!isLast(page)) next = ahead(page.from + page.count);
    });
    if (!written) return;
    state = written;
  }
}
