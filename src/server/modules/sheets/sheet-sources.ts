import type { SheetTab } from '#shared/schemas/sheets';
import type { AppContext } from '#server/context';
import type { ExportRow, ExportSource } from '../exports/index.ts';
import { ORDER_EXPORT } from '../orders/index.ts';
import { PRODUCT_EXPORT } from '../products/index.ts';

/**
 * The sheet holds what the CSV exports hold (one row per order line, one per product variant), so
 * both tabs are read through the exports' own sources, unfiltered, in the sheet's scope.
 */
const SOURCES: Record<SheetTab, { source: ExportSource; title: string; query: Record<string, unknown> }> = {
  orders: { source: ORDER_EXPORT, title: 'Orders', query: {} },
  products: { source: PRODUCT_EXPORT, title: 'Products', query: { status: 'ALL' } },
};

export const tabTitle = (tab: SheetTab) => SOURCES[tab].title;

export interface SheetScope {
  storeId: string;
  /** null: the marketplace (every vendor). */
  vendorId: string | null;
}

/** What an export source reads of its export row: the store, the vendor scope, the filters and the moment periods count back from. */
function exportRowOf(scope: SheetScope, tab: SheetTab, at: Date): ExportRow {
  return {
    id: '00000000-0000-0000-0000-000000000000',
    kind: SOURCES[tab].source.kind,
    storeId: scope.storeId,
    userId: '00000000-0000-0000-0000-000000000000',
    vendorId: scope.vendorId,
    query: SOURCES[tab].query,
    status: 'running',
    total: null,
    rowCount: 0,
    parts: 0,
    cursor: null,
    error: null,
    createdAt: at,
    finishedAt: null,
  };
}

export function sheetSource(ctx: AppContext, scope: SheetScope, tab: SheetTab) {
  const { source } = SOURCES[tab];
  const row = exportRowOf(scope, tab, ctx.now());
  const columns = typeof source.columns === 'function' ? source.columns(row) : source.columns;
  return {
    columns,
    count: () => source.count(ctx, row),
    page: (cursor: string | null, size: number) => source.page(ctx, row, cursor, size),
  };
}
