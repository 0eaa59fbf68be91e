import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { SHEET_TABS, SHEETS_MESSAGES, type SheetTab } from '#shared/schemas/sheets';
import { SheetsRefusal, type SheetsClient } from '#server/adapters/google-sheets/google-sheets';
import type { AppContext } from '#server/context';
import { sheetLinks } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { defineJob, jobIds } from '#server/jobs/job-kind';
import type { RunningJob } from '#server/jobs/queue';
import { findSheetLink, stateOf, type SheetLink } from './sheet-link.ts';
import { sheetSource, tabTitle } from './sheet-sources.ts';
import { proveSheetOwnership, SheetNotVerified } from './sheet-ownership.ts';

export const SHEET_EXPORT_JOB = defineJob(
  'sheets-export',
  z.object({ storeId: jobIds.storeId, scope: z.string().min(1), runId: jobIds.id }),
);
const ATTEMPTS = 5;

export const SHEET_TUNING = {
  /** Orders or products read from the database at a time (one export-source page). */
  pageSize: 500,
  /** A write request's JSON body at most (Google: keep a request near 2 MB). */
  maxRequestBytes: 1_500_000,
  /** Writes per job run: a run stays well inside the queue's 5-minute lease even at 50 writes a minute; a continuation job follows. */
  writesPerRun: 40,
};

/** Google refuses a cell over 50,000 characters. */
const MAX_CELL = 50_000;
const cell = (value: string) => (value.length > MAX_CELL ? value.slice(0, MAX_CELL) : value);

/** POST integrations/sheets/trigger: a new run of the caller's sheet, written by a job; answers at once. */
export async function triggerSheetExport(ctx: AppContext, auth: AuthContext) {
  const client = ctx.sheets;
  if (!client) throw new AppError('conflict', SHEETS_MESSAGES.notConfigured);
  const link = await findSheetLink(ctx, auth);
  if (!link) throw new AppError('conflict', SHEETS_MESSAGES.noSheet);
  if (link.status === 'queued' || link.status === 'running') throw new AppError('conflict', SHEETS_MESSAGES.running);
  try {
    await proveSheetOwnership(ctx, client, link);
  } catch (error) {
    if (error instanceof SheetNotVerified) throw new AppError('conflict', error.message);
    if (error instanceof SheetsRefusal) throw new AppError('conflict', `Google Sheets refused to open the sheet: ${error.message}`);
    throw error;
  }
  const runId = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(sheetLinks)
      .set({
        runId,
        status: 'queued',
        phase: null,
        cursor: null,
        nextRow: 1,
        itemsDone: 0,
        total: 0,
        rowsWritten: 0,
        error: null,
        startedAt: ctx.now(),
        finishedAt: null,
      })
      .where(and(eq(sheetLinks.storeId, link.storeId), eq(sheetLinks.scope, link.scope)))
      .returning();
    await ctx.jobs.enqueue(
      SHEET_EXPORT_JOB,
      { storeId: link.storeId, scope: link.scope, runId },
      { dedupeKey: `${SHEET_EXPORT_JOB.type}:${runId}:start`, maxAttempts: ATTEMPTS },
      tx,
    );
    return stateOf(ctx, row);
  });
}

export function registerSheetExportJob(ctx: AppContext) {
  ctx.jobs.register(SHEET_EXPORT_JOB, (payload, job) => runSheetExport(ctx, payload, job));
}

type Progress = Pick<SheetLink, 'status' | 'phase' | 'cursor' | 'nextRow' | 'itemsDone' | 'total' | 'rowsWritten'>;

/** Splits rows into write requests of at most SHEET_TUNING.maxRequestBytes of JSON each. */
function* requestsOf(rows: string[][]) {
  let chunk: string[][] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = Buffer.byteLength(JSON.stringify(row)) + 1;
    if (chunk.length > 0 && bytes + size > SHEET_TUNING.maxRequestBytes) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
    chunk.push(row);
    bytes += size;
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * The job. The first run makes the Orders and Products tabs if missing, clears them and counts the
 * work; then each run reads pages from the saved cursor, writes them in requests near the size
 * limit at fixed rows, and saves cursor and row after each batch, so a crash repeats at most one
 * batch, which overwrites itself. A run stops after SHEET_TUNING.writesPerRun writes and queues
 * its continuation. Google refusing (sheet gone, not shared) ends the run as failed at once;
 * anything else is retried by the queue.
 */
export async function runSheetExport(
  ctx: AppContext,
  payload: z.infer<typeof SHEET_EXPORT_JOB.payload>,
  job: Pick<RunningJob, 'attempts' | 'signal'>,
) {
  const { storeId, scope: key, runId } = payload;
  const where = and(eq(sheetLinks.storeId, storeId), eq(sheetLinks.scope, key), eq(sheetLinks.runId, runId));
  const [link] = await ctx.db.select().from(sheetLinks).where(where);
  if (!link || link.status === 'done' || link.status === 'failed') return;
  const client = ctx.sheets;
  const fail = (message: string) =>
    ctx.db
      .update(sheetLinks)
      .set({ status: 'failed', error: message.slice(0, 500), finishedAt: ctx.now() })
      .where(where);
  if (!client) return void (await fail(SHEETS_MESSAGES.notConfigured));
  const scope = { storeId, vendorId: link.vendorId };
  /** Saves progress unless the run was replaced or the sheet removed meanwhile (then the job stops). */
  const save = async (progress: Partial<Progress> & Partial<Pick<SheetLink, 'finishedAt'>>) =>
    (await ctx.db.update(sheetLinks).set(progress).where(where).returning({ scope: sheetLinks.scope })).length > 0;

  try {
    let progress: Progress = link;
    if (link.status === 'queued') {
      // Checked again by the job itself: nothing is cleared or written in a sheet not proved the caller's.
      await proveSheetOwnership(ctx, client, link, job.signal);
      await prepareTabs(client, link.spreadsheetId, job.signal);
      const counts = await Promise.all(SHEET_TABS.map((tab) => sheetSource(ctx, scope, tab).count()));
      progress = {
        status: 'running',
        phase: 'orders',
        cursor: null,
        nextRow: 1,
        itemsDone: 0,
        total: counts.reduce((a, b) => a + b, 0),
        rowsWritten: 0,
      };
      if (!(await save(progress))) return;
    }
    let writes = 0;
    while (writes < SHEET_TUNING.writesPerRun) {
      const tab = progress.phase as SheetTab;
      const source = sheetSource(ctx, scope, tab);
      const rows: string[][] = progress.nextRow === 1 ? [[...source.columns]] : [];
      let { cursor, itemsDone } = progress;
      let bytes = 0;
      let more = true;
      // Whole pages up to about one request's worth: the cursor saved after them is a page boundary.
      while (more && bytes < SHEET_TUNING.maxRequestBytes * 0.9) {
        const page = await source.page(cursor, SHEET_TUNING.pageSize);
        for (const row of page.rows) {
          const cells = row.map(cell);
          rows.push(cells);
          bytes += Buffer.byteLength(JSON.stringify(cells));
        }
        itemsDone += page.items;
        more = page.cursor !== null;
        cursor = page.cursor ?? cursor;
      }
      let nextRow = progress.nextRow;
      for (const chunk of requestsOf(rows)) {
        await client.writeRows(link.spreadsheetId, tabTitle(tab), nextRow, chunk, job.signal);
        nextRow += chunk.length;
        writes += 1;
      }
      const rowsWritten = progress.rowsWritten + rows.length - (progress.nextRow === 1 ? 1 : 0);
      const nextTab = SHEET_TABS[SHEET_TABS.indexOf(tab) + 1];
      progress = more
        ? { ...progress, cursor, nextRow, itemsDone, rowsWritten }
        : nextTab
          ? { ...progress, phase: nextTab, cursor: null, nextRow: 1, itemsDone, rowsWritten }
          : { ...progress, status: 'done', cursor: null, nextRow, itemsDone, rowsWritten };
      if (!(await save(progress.status === 'done' ? { ...progress, finishedAt: ctx.now() } : progress))) return;
      if (progress.status === 'done') return;
    }
    await ctx.jobs.enqueue(SHEET_EXPORT_JOB, payload, {
      dedupeKey: `${SHEET_EXPORT_JOB.type}:${runId}:${progress.phase}:${progress.nextRow}`,
      maxAttempts: ATTEMPTS,
    });
  } catch (error) {
    if (error instanceof SheetsRefusal || error instanceof SheetNotVerified) return void (await fail(error.message));
    if (job.attempts >= ATTEMPTS) await fail(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** The two tabs exist (added when missing) and are empty, so a shorter export leaves no old rows behind. */
async function prepareTabs(client: SheetsClient, spreadsheetId: string, signal: AbortSignal) {
  const titles = SHEET_TABS.map(tabTitle);
  const missing = async () => {
    const existing = new Set(await client.tabTitles(spreadsheetId, signal));
    return titles.filter((title) => !existing.has(title));
  };
  try {
    await client.addTabs(spreadsheetId, await missing(), signal);
  } catch (error) {
    // A repeated addSheet whose first answer was lost is refused as "already exists": fine if the tabs are there now.
    if (!(error instanceof SheetsRefusal) || (await missing()).length > 0) throw error;
  }
  await client.clearTabs(spreadsheetId, titles, signal);
}
