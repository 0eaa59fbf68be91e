import { Readable } from 'node:stream';
import type { SheetTab } from '#shared/schemas/sheets';
import type { AppContext } from '#server/context';
import type { AuthContext } from '#server/http/policy';
import { toCsv } from '../exports/index.ts';
import { scopeOf } from './sheet-link.ts';
import { sheetSource, tabTitle } from './sheet-sources.ts';
import { SHEET_TUNING } from './export-to-sheet.ts';

/**
 * GET integrations/sheets/download: one tab of what the sheet gets, as CSV, read page by page
 * while it is sent (only one page is ever in memory), in the caller's scope.
 */
export function downloadSheet(ctx: AppContext, auth: AuthContext, tab: SheetTab) {
  const source = sheetSource(ctx, scopeOf(auth), tab);
  async function* chunks() {
    yield Buffer.from('\uFEFF'); // a BOM, so spreadsheet tools read the file as UTF-8
    let cursor: string | null = null;
    let first = true;
    do {
      const page = await source.page(cursor, SHEET_TUNING.pageSize);
      if (first || page.rows.length > 0) yield Buffer.from(`${toCsv(source.columns, page.rows, first)}\r\n`);
      first = false;
      cursor = page.cursor;
    } while (cursor !== null);
  }
  return { body: Readable.from(chunks()), filename: `${tabTitle(tab).toLowerCase()}-${ctx.now().toISOString().slice(0, 10)}.csv` };
}
