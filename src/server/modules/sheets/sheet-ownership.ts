import { SHEET_VERIFICATION, SHEETS_MESSAGES } from '#shared/schemas/sheets';
import type { SheetsClient } from '#server/adapters/google-sheets/google-sheets';
import type { AppContext } from '#server/context';
import { hmacHex } from '#server/lib/hashing';

/**
 * The token that proves a sheet is the caller's: every store writes as the same service account, so
 * being shared with it proves nothing about who owns a sheet, and linking someone else's sheet
 * address would wipe its tabs. Only someone who can edit the sheet can put the token in it. One
 * token per store, scope and spreadsheet, derived (nothing to store): another sheet needs its own.
 */
export const sheetVerificationToken = (ctx: AppContext, link: { storeId: string; scope: string; spreadsheetId: string }) =>
  `mp-verify-${hmacHex(ctx.uploadSecret, `sheet-owner:${link.storeId}:${link.scope}:${link.spreadsheetId}`).slice(0, 24)}`;

/** Thrown when the sheet does not (yet) hold its token: nothing was written. */
export class SheetNotVerified extends Error {}

/**
 * Reads the token back from the sheet's verify tab before any write; throws SheetNotVerified with
 * what the owner must do. Google refusing to open the sheet stays the client's SheetsRefusal.
 */
export async function proveSheetOwnership(
  ctx: AppContext,
  client: SheetsClient,
  link: { storeId: string; scope: string; spreadsheetId: string },
  signal?: AbortSignal,
) {
  const token = sheetVerificationToken(ctx, link);
  const titles = await client.tabTitles(link.spreadsheetId, signal);
  const found = titles.includes(SHEET_VERIFICATION.tab)
    ? (await client.readCell(link.spreadsheetId, SHEET_VERIFICATION.tab, SHEET_VERIFICATION.cell, signal)).trim()
    : '';
  if (found !== token) throw new SheetNotVerified(SHEETS_MESSAGES.notVerified(token));
}
