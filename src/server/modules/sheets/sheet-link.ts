import { and, eq } from 'drizzle-orm';
import { spreadsheetIdOf, type SheetState, type SheetUrlBody, SheetUrlBodySchema } from '#shared/schemas/sheets';
import type { AppContext } from '#server/context';
import { sheetLinks } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import type { SheetScope } from './sheet-sources.ts';
import { sheetVerificationToken } from './sheet-ownership.ts';

export type SheetLink = typeof sheetLinks.$inferSelect;

/**
 * Whose sheet a caller sets: an admin in the marketplace view sets the marketplace's (every
 * vendor's orders), a vendor (or an admin switched to it) that vendor's own.
 */
export const scopeOf = (auth: AuthContext): SheetScope & { key: string } => ({
  storeId: auth.storeId,
  vendorId: auth.vendorId,
  key: auth.vendorId ?? '*',
});

export const linkWhere = (storeId: string, key: string) => and(eq(sheetLinks.storeId, storeId), eq(sheetLinks.scope, key));

export async function findSheetLink(ctx: AppContext, auth: AuthContext): Promise<SheetLink | null> {
  const scope = scopeOf(auth);
  const [row] = await ctx.db.select().from(sheetLinks).where(linkWhere(scope.storeId, scope.key));
  return row ?? null;
}

export function stateOf(ctx: AppContext, row: SheetLink | null): SheetState {
  const run =
    row?.status && row.startedAt
      ? {
          status: row.status,
          progress: row.status === 'done' ? 100 : row.total ? Math.min(99, Math.floor((row.itemsDone / row.total) * 100)) : 0,
          rows: row.rowsWritten,
          startedAt: row.startedAt.toISOString(),
          finishedAt: row.finishedAt?.toISOString() ?? null,
          error: row.error,
        }
      : null;
  return {
    url: row?.url ?? null,
    serviceAccount: ctx.sheets?.clientEmail ?? null,
    verificationToken: row ? sheetVerificationToken(ctx, row) : null,
    run,
  };
}

/** GET integrations/sheets. */
export async function getSheet(ctx: AppContext, auth: AuthContext) {
  return stateOf(ctx, await findSheetLink(ctx, auth));
}

/** PUT integrations/sheets: another spreadsheet forgets the last run (it wrote elsewhere) and stops one in progress. */
export async function saveSheet(ctx: AppContext, auth: AuthContext, body: SheetUrlBody) {
  const { url } = parseOrThrow(SheetUrlBodySchema, body);
  const spreadsheetId = spreadsheetIdOf(url) as string;
  const scope = scopeOf(auth);
  const existing = await findSheetLink(ctx, auth);
  const stamp = { url, spreadsheetId, updatedBy: auth.userId, updatedAt: ctx.now() };
  const forget = {
    runId: null,
    status: null,
    phase: null,
    cursor: null,
    nextRow: 1,
    itemsDone: 0,
    total: 0,
    rowsWritten: 0,
    error: null,
    startedAt: null,
    finishedAt: null,
  };
  const [row] = await ctx.db
    .insert(sheetLinks)
    .values({ storeId: scope.storeId, scope: scope.key, vendorId: scope.vendorId, ...stamp })
    .onConflictDoUpdate({
      target: [sheetLinks.scope, sheetLinks.storeId],
      set: existing && existing.spreadsheetId !== spreadsheetId ? { ...stamp, ...forget } : stamp,
    })
    .returning();
  return stateOf(ctx, row);
}

/** DELETE integrations/sheets: a run in progress stops at its next write (its row is gone). */
export async function removeSheet(ctx: AppContext, auth: AuthContext) {
  const scope = scopeOf(auth);
  await ctx.db.delete(sheetLinks).where(linkWhere(scope.storeId, scope.key));
  return stateOf(ctx, null);
}
