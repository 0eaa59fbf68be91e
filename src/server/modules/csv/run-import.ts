import { and, asc, between, eq, gte, sql } from 'drizzle-orm';
import { anyOf } from '#server/db/any-of';
import { CSV_PROBLEMS_LISTED } from '#shared/schemas/csv-import';
import type { AppContext } from '#server/context';
import { csvImportProducts, csvImports } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import {
  createOrUpdateProduct,
  createProducts,
  insertPlannedProducts,
  isConstraintViolation,
  listingChangeOf,
  loadProductRules,
  mailProductSubmitted,
  newProductApproval,
  takenHandles,
  validateProduct,
  type SaveProductResult,
} from '../products/index.ts';
import { enqueueNewProductsSync } from '../storefront-sync/index.ts';
import { listingBudget } from '../membership/listing-budget.ts';
import { findMatches, importAuth } from './import-scope.ts';
import type { PlanHead } from './validate-import.ts';
import { toProductInput } from './to-product-input.ts';
import type { ImportedProduct, RowProblem } from './parse-product-csv.ts';
import type { ImportMatch } from './to-product-input.ts';
import { z } from 'zod';
import { defineJob, jobIds } from '#server/jobs/job-kind';

export const CSV_IMPORT_JOB = defineJob('product-csv-import', z.object({ importId: jobIds.id }));
/** Products written per transaction, together with the progress: the screen's progress moves by this much. */
export const IMPORT_BATCH = 500;
/** A job run hands over to a fresh job after this long, well inside the job lease. */
const RUN_MS = 60_000;

const planned = csvImportProducts.planned;

interface Progress {
  progress: number;
  created: number;
  updated: number;
  failed: RowProblem[];
}

/**
 * Writes the good products of a confirmed import as the validation staged them (`csv_import_products`),
 * a page at a time from `progress`, where a retried job resumes: the file is not read again. A new
 * product is written as the validation planned it, straight from the staging table (`insert …
 * select`, three statements a page), unless it now matches a stored product, its handle was taken
 * or its vendor's auto-approval changed meanwhile: those, and updates, are saved as the editor
 * saves them. Each batch of products is
 * written in one transaction with the progress that counts it, so a crash or retry never writes a
 * product twice and never loses one; the import row's lock makes a second runner of the same import
 * (a lease that ran out) wait and then stop. A product that already exists (same id, SKU or
 * handle) is updated, so importing the same file again changes nothing instead of duplicating. A vendor's import mails
 * the admins once, not once per product.
 */
export async function runImport(ctx: AppContext, { importId }: z.infer<typeof CSV_IMPORT_JOB.payload>, shutdown?: AbortSignal) {
  const [row] = await ctx.db.select().from(csvImports).where(eq(csvImports.id, importId));
  if (!row || row.status !== 'importing') return;
  const auth = await importAuth(ctx, row);
  const asAdmin = auth.isAdmin && !auth.vendorId;
  const rules = await loadProductRules(ctx.db, row.storeId);
  const startedAt = Date.now();
  const ofImport = and(eq(csvImportProducts.importId, importId), eq(csvImportProducts.storeId, row.storeId));
  let state: Progress = { progress: row.progress, created: row.created, updated: row.updated, failed: [...row.failed] };

  for (;;) {
    // PGlite answers without leaving the microtask queue: a turn of the event loop lets a shutdown
    // signal (and other requests) in between two batches, as PostgreSQL's network reads do.
    await new Promise((resolve) => setImmediate(resolve));
    // A shutting-down process hands over after the batch it was writing, like a run that took a minute
    // (after at least one batch, so the fresh job's key, made of the progress, is a new one).
    const handOver = Date.now() - startedAt > RUN_MS || shutdown?.aborted;
    if (handOver && state.progress > row.progress) {
      await ctx.jobs.enqueue(CSV_IMPORT_JOB, { importId }, { dedupeKey: `${CSV_IMPORT_JOB.type}:${importId}:${state.progress}` });
      return;
    }
    const from = state.progress;
    const next = await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select({ progress: csvImports.progress, status: csvImports.status }).from(csvImports).where(eq(csvImports.id, importId)).for('update');
      if (current?.status !== 'importing' || current.progress !== from) return null;
      // A planned product's own row is not read: its head carries what matching and the checks need
      // (a head staged before it did, by an import under way across a deploy, comes with its product).
      const staged = await tx
        .select({
          seq: csvImportProducts.seq,
          product: sql<ImportedProduct | null>`case when ${csvImportProducts.head} -> 'source' is null then ${csvImportProducts.product} end`,
          plan: sql<PlanHead | null>`${csvImportProducts.head}`,
        })
        .from(csvImportProducts)
        .where(and(ofImport, gte(csvImportProducts.seq, from)))
        .orderBy(asc(csvImportProducts.seq))
        .limit(IMPORT_BATCH);
      /** The file's products of staged seqs (the planned ones that cannot be written as planned): one read. */
      const productsOf = async (seqs: number[]) =>
        new Map(
          seqs.length
            ? (
                await tx
                  .select({ seq: csvImportProducts.seq, product: csvImportProducts.product })
                  .from(csvImportProducts)
                  .where(and(ofImport, anyOf(csvImportProducts.seq, seqs, 'int')))
              ).map((r) => [r.seq, r.product as ImportedProduct])
            : [],
        );
      // Planned handles another product holds now (a probe of the unique index each).
      const plannedHandles = staged.flatMap((s) => (s.plan ? [s.plan.handle] : []));
      const taken = new Set((await takenHandles(tx, row.storeId, plannedHandles)).map((p) => p.handle));
      const out: Progress = { ...state, failed: [...state.failed] };
      // What each staged product is matched by: its head's key, or the file's product itself.
      const page = staged.map((s) => ({ ...s, key: s.plan?.source ?? s.product! }));
      const matchOf = await findMatches(tx, { storeId: row.storeId, vendorId: row.vendorId }, page.map((s) => s.key), rules.decimals);
      const refused = (product: { line: number }, error: AppError) =>
        out.failed.push({ line: product.line, column: error.errors?.[0]?.path, message: error.errors?.[0]?.message ?? error.message });
      const count = (result: SaveProductResult) => {
        // A product the file leaves as it is counts neither as created nor as updated.
        if (result.created) out.created++;
        else if (result.changed) out.updated++;
      };
      const save = (input: unknown) => createOrUpdateProduct(ctx, auth, input, { rules, tx, submittedMailKey: `import:${importId}` });
      const saveEach = async (items: { product: ImportedProduct; input: unknown }[]) => {
        for (const { product, input } of items) await save(input).then(count, (e: unknown) => (e instanceof AppError ? refused(product, e) : Promise.reject(e)));
      };
      const approvedAtOnce = newProductApproval(tx, auth);
      const budget = await listingBudget(ctx, tx, auth);
      // New products as planned (written from the staging table), the rest from the file's product:
      // updates one by one, new ones planned again (a few multi-row statements).
      const asPlanned: { seq: number; plan: PlanHead }[] = [];
      const fromFile: { seq: number; match: ImportMatch | null }[] = [];
      for (const { seq, plan, key } of page) {
        const match = matchOf(key);
        try {
          if (match === 'unknown-id') throw new AppError('not_found', 'Product not found');
          if (!match && plan && !taken.has(plan.handle) && plan.approved === (await approvedAtOnce(plan.vendorId))) {
            await budget.take(listingChangeOf({ existing: null, next: plan }));
            asPlanned.push({ seq, plan });
          } else fromFile.push({ seq, match });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused(key, error);
        }
      }
      const stagedProducts = new Map(staged.flatMap((s) => (s.product ? [[s.seq, s.product] as const] : [])));
      const unread = await productsOf(fromFile.filter((f) => !stagedProducts.has(f.seq)).map((f) => f.seq));
      const fresh: { product: ImportedProduct; input: unknown }[] = [];
      for (const { seq, match } of fromFile) {
        const product = stagedProducts.get(seq) ?? unread.get(seq)!;
        try {
          const input = toProductInput(product, match, asAdmin);
          if (match) count(await save(input));
          else fresh.push({ product, input });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused(product, error);
        }
      }
      if (asPlanned.length) {
        try {
          // One savepoint: a write the database refuses (a handle taken a moment ago) undoes the page's planned products only.
          await tx.transaction(async (sp) => {
            // The page's range keeps the staged rows an index range scan whatever the list's plan; the list picks the planned ones in it.
            const seqs = asPlanned.map((p) => p.seq);
            await insertPlannedProducts(sp, auth, { from: sql`${csvImportProducts}`, planned: sql`${planned}`, where: and(ofImport, between(csvImportProducts.seq, seqs[0], seqs.at(-1)!), anyOf(csvImportProducts.seq, seqs, 'int'))! });
            const submitted = asPlanned.find((p) => p.plan.submitted)?.plan;
            if (submitted) await mailProductSubmitted(ctx, sp, row.storeId, { id: submitted.id, title: submitted.title, vendor: submitted.vendorName }, `import:${importId}`);
            await enqueueNewProductsSync(ctx, asPlanned.map((p) => p.plan), sp);
          });
          out.created += asPlanned.length;
        } catch (error) {
          if (!isConstraintViolation(error)) throw error;
          const refusedPage = await productsOf(asPlanned.map((p) => p.seq));
          await saveEach(asPlanned.map(({ seq }) => ({ product: refusedPage.get(seq)!, input: toProductInput(refusedPage.get(seq)!, null, asAdmin) })));
        }
      }
      const checked: { product: ImportedProduct; input: unknown; data: ReturnType<typeof validateProduct> }[] = [];
      for (const f of fresh) {
        try {
          checked.push({ ...f, data: validateProduct(f.input, rules.context) });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused(f.product, error);
        }
      }
      if (checked.length) {
        try {
          const results = await createProducts(ctx, auth, checked.map((f) => f.data), { rules, tx, submittedMailKey: `import:${importId}` });
          results.forEach((result, i) => (result instanceof AppError ? refused(checked[i].product, result) : count(result)));
        } catch (error) {
          if (!isConstraintViolation(error)) throw error;
          // A write the database refused (a handle or SKU taken meanwhile): the batch's new products one by one, each on its own.
          await saveEach(checked);
        }
      }
      // Problems in the file's order, whichever way their product was written.
      out.failed.sort((a, b) => a.line - b.line);
      out.progress += staged.length;
      const done = staged.length < IMPORT_BATCH || out.progress >= row.productCount;
      if (done) await tx.delete(csvImportProducts).where(ofImport);
      // Staged products missing before the count (an import confirmed before they were staged): stopped, not done.
      const status = !done ? 'importing' : out.progress < row.productCount ? 'failed' : 'done';
      await tx
        .update(csvImports)
        .set({ ...out, failed: out.failed.slice(0, CSV_PROBLEMS_LISTED), status, updatedAt: sql`now()` })
        .where(eq(csvImports.id, importId));
      // Done (or another runner moved on): nothing left for this run.
      return done ? null : out;
    });
    if (!next) return;
    state = next;
  }
}
