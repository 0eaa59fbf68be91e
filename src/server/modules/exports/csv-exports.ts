import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import Papa from 'papaparse';
import type { AppContext } from '#server/context';
import { productExports, users, type ExportKind } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { isUuid } from '#server/lib/is-uuid';
import { z } from 'zod';
import { defineJob, jobIds } from '#server/jobs/job-kind';

export const CSV_EXPORT_JOB = defineJob('csv-export', z.object({ exportId: jobIds.id }));
export const EXPORT_NOT_FOUND = 'Export not found';
export const EXPORT_NOT_READY = 'The export is not ready yet';
export const EXPORT_TUNING = {
  /** Items (products, orders) per part file: one page of the list, one storage object. */
  pageSize: 500,
  /** Parts per job run: a run stays well inside the queue's 5-minute lease, then a continuation job follows. */
  pagesPerRun: 20,
};
const EXPORT_ATTEMPTS = 5;

export type ExportRow = typeof productExports.$inferSelect;

/** What an area exports: its columns, and its filtered list walked page by page from a cursor. */
export interface ExportSource {
  kind: ExportKind;
  /** The header; a source with several reports (transactions: sales report or every entry) picks it per export. */
  columns: readonly string[] | ((row: ExportRow) => readonly string[]);
  /** The list screen; the export-ready mail links to it with ?export=<id>, which reopens the export there. */
  screenPath: string;
  /** How many items the whole export holds (for the progress). */
  count(ctx: AppContext, row: ExportRow): Promise<number>;
  /** Up to `size` items after `cursor`, as CSV rows, and the cursor after them (null: nothing more). */
  page(
    ctx: AppContext,
    row: ExportRow,
    cursor: string | null,
    size: number,
  ): Promise<{ rows: string[][]; items: number; cursor: string | null }>;
}

/**
 * Cells a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) get a leading
 * single quote (OWASP CSV injection). papaparse's own default pattern misses
 * multi-line cells ("=1+1\nx"), so ours only looks at the first character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function toCsv(columns: readonly string[], rows: string[][], withHeader: boolean): string {
  return Papa.unparse(
    { fields: withHeader ? [...columns] : [], data: rows },
    { header: withHeader, escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

const partKey = (storeId: string, exportId: string, part: number) =>
  `exports/${storeId}/${exportId}/part-${String(part).padStart(6, '0')}.csv`;
export const exportDownloadPath = (kind: ExportKind, exportId: string) => `/api/${kind}/exports/${exportId}/download`;

/** Records an export of the caller (the scope and the filters it asked with) and queues its job; answers at once. */
export async function startExport(
  ctx: AppContext,
  auth: AuthContext,
  kind: ExportKind,
  request: { vendorId: string | null; query: Record<string, unknown> },
) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(productExports)
      .values({ storeId: auth.storeId, userId: auth.userId, kind, vendorId: request.vendorId, query: request.query })
      .returning({ id: productExports.id });
    await ctx.jobs.enqueue(
      CSV_EXPORT_JOB,
      { exportId: row.id },
      { dedupeKey: `${CSV_EXPORT_JOB.type}:${row.id}:0`, maxAttempts: EXPORT_ATTEMPTS },
      tx,
    );
    return { exportId: row.id };
  });
}

/** The export of its requester, of this kind; anyone else (another vendor, another admin) gets a 404. */
async function getOwnExport(ctx: AppContext, auth: AuthContext, kind: ExportKind, exportId: string) {
  if (!isUuid(exportId)) throw notFound(EXPORT_NOT_FOUND);
  const [row] = await ctx.db
    .select()
    .from(productExports)
    .where(
      and(
        eq(productExports.id, exportId),
        eq(productExports.kind, kind),
        eq(productExports.storeId, auth.storeId),
        eq(productExports.userId, auth.userId),
      ),
    );
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  return row;
}

/** GET {kind}/exports/{exportId}. */
export async function getExportStatus(ctx: AppContext, auth: AuthContext, kind: ExportKind, exportId: string) {
  const row = await getOwnExport(ctx, auth, kind, exportId);
  const done = row.status === 'done';
  const progress = done ? 100 : row.total ? Math.min(99, Math.floor((row.rowCount / row.total) * 100)) : 0;
  return {
    exportId: row.id,
    status: row.status,
    progress,
    rows: row.rowCount,
    total: row.total,
    ...(done ? { url: exportDownloadPath(kind, row.id) } : {}),
    ...(row.error ? { error: row.error } : {}),
  };
}

/** GET {kind}/exports/{exportId}/download: the parts, streamed one after the other. */
export async function downloadExport(ctx: AppContext, auth: AuthContext, kind: ExportKind, exportId: string) {
  const row = await getOwnExport(ctx, auth, kind, exportId);
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
  return { body: Readable.from(parts()), filename: `${kind}-${row.createdAt.toISOString().slice(0, 10)}.csv` };
}

/** Marks the export done and mails its requester a link to it, in one transaction: the mail is queued exactly when the file is complete. */
async function finishExport(
  ctx: AppContext,
  row: ExportRow,
  source: ExportSource,
  progress: { cursor: string | null; parts: number; rowCount: number },
) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(productExports)
      .set({ ...progress, status: 'done', finishedAt: ctx.now() })
      .where(eq(productExports.id, row.id));
    const [requester] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, row.userId), isNull(users.disabledAt)));
    if (!requester) return;
    await ctx.mailer.send(
      {
        storeId: row.storeId,
        template: 'export-ready',
        to: requester.email,
        vars: { kind: source.kind, rows: progress.rowCount, link: `${ctx.config.publicUrl}${source.screenPath}?export=${row.id}` },
        dedupeKey: `export-ready:${row.id}`,
      },
      tx,
    );
  });
}

/**
 * The job: from the recorded cursor, up to EXPORT_TUNING.pagesPerRun pages, each written as one
 * part, the cursor and counters saved after each part (a crash repeats at most one part, which
 * overwrites itself). When pages remain, a continuation job is queued. Only one page is ever in memory.
 */
export async function runExport(ctx: AppContext, { exportId }: z.infer<typeof CSV_EXPORT_JOB.payload>, job: { attempts: number }) {
  const [row] = await ctx.db.select().from(productExports).where(eq(productExports.id, exportId));
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const source = ctx.contributions.exportSources.find((s) => s.kind === row.kind);
  try {
    if (!source) throw new Error(`No export of ${row.kind}`);
    let { cursor, parts, rowCount, total } = row;
    if (total === null) {
      total = await source.count(ctx, row);
      await ctx.db.update(productExports).set({ status: 'running', total }).where(eq(productExports.id, row.id));
    }
    for (let run = 0; run < EXPORT_TUNING.pagesPerRun; run++) {
      const page = await source.page(ctx, row, cursor, EXPORT_TUNING.pageSize);
      if (page.items > 0 || parts === 0) {
        // An empty export still gets its header.
        const csv = toCsv(typeof source.columns === 'function' ? source.columns(row) : source.columns, page.rows, parts === 0);
        await ctx.storage.put(partKey(row.storeId, row.id, parts), Buffer.from(`${csv}\r\n`), 'text/csv');
        parts += 1;
        rowCount += page.items;
      }
      cursor = page.cursor ?? cursor;
      const progress = { cursor, parts, rowCount };
      if (page.cursor === null) {
        await finishExport(ctx, row, source, progress);
        return;
      }
      await ctx.db
        .update(productExports)
        .set({ ...progress, status: 'running' })
        .where(eq(productExports.id, row.id));
    }
    await ctx.jobs.enqueue(
      CSV_EXPORT_JOB,
      { exportId: row.id },
      { dedupeKey: `${CSV_EXPORT_JOB.type}:${row.id}:${parts}`, maxAttempts: EXPORT_ATTEMPTS },
    );
  } catch (error) {
    if (job.attempts >= EXPORT_ATTEMPTS) {
      const message = error instanceof Error ? error.message : String(error);
      await ctx.db
        .update(productExports)
        .set({ status: 'failed', error: message.slice(0, 500), finishedAt: ctx.now() })
        .where(eq(productExports.id, row.id));
    }
    throw error;
  }
}
