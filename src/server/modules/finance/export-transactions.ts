import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import { TransactionExportQuerySchema, TransactionListQuerySchema, type TransactionExportQuery } from '#shared/schemas/finance';
import type { AppContext } from '#server/context';
import { ledgerEntries, vendors } from '#server/db/schema/index';
import { badRequest, forbidden } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { resolveVendorScope } from '../vendors/index.ts';
import { type ExportRow, type ExportSource, startExport } from '../exports/index.ts';
import { payoutOf, transactionWhere } from './list-transactions.ts';

/** One row per ledger entry (what a bookkeeper reconciles). */
export const ALL_TRANSACTIONS_COLUMNS = [
  'Date',
  'Order',
  'Vendor',
  'Kind',
  'Amount',
  'Currency',
  'Payout',
  'In Payout',
  'In Sales',
  'Memo',
  'Entry',
  'Reverses',
] as const;
/** One row per vendor and currency: the list's totals for each vendor. */
export const SALES_REPORT_COLUMNS = [
  'Vendor',
  'Currency',
  'Entries',
  'Sales',
  'Refunds',
  'Discount',
  'Shipping',
  'Tax',
  'Commission',
  'Label Costs',
  'Payouts',
  'Adjustments',
  'Gross Sales',
  'Net',
] as const;

/**
 * POST transactions/export: the whole filtered list (not the screen's page) in the caller's scope,
 * as every entry, or (admins only, adminExport sales-report) as one row per vendor and currency.
 */
export async function startTransactionExport(ctx: AppContext, auth: AuthContext, input: TransactionExportQuery) {
  const query = parseOrThrow(TransactionExportQuerySchema, input);
  if (query.adminExport && !auth.isAdmin) throw forbidden();
  const { requestedVendor, ...filters } = query;
  const scope = await resolveVendorScope(ctx.db, auth, requestedVendor);
  return startExport(ctx, auth, 'transactions', { vendorId: scope.vendorId, query: filters });
}

const isSalesReport = (row: ExportRow) => (row.query as { adminExport?: string }).adminExport === 'sales-report';
/** The export's filters as the list applies them; a period counts back from when the export was asked for. */
function whereOf(row: ExportRow) {
  const { adminExport: _report, ...filters } = row.query as Record<string, unknown>;
  return transactionWhere({ storeId: row.storeId, vendorId: row.vendorId }, TransactionListQuerySchema.parse(filters), row.createdAt);
}

const sumOf = (kind: string) => sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = ${kind}), 0)`;
const reportColumns = {
  count: sql<number>`count(*)::int`,
  sales: sumOf('sale'),
  refunds: sumOf('refund'),
  discount: sumOf('discount'),
  shipping: sumOf('shipping'),
  tax: sumOf('tax'),
  commission: sumOf('commission'),
  labelCosts: sumOf('label_cost'),
  payouts: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('payout', 'manual_payment')), 0)`,
  adjustments: sumOf('adjustment'),
  grossSales: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.inSales}), 0)`,
  net: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.inPayout}), 0)`,
};

function split(cursor: string) {
  const at = cursor.lastIndexOf('|');
  if (at < 0) throw badRequest('Invalid cursor');
  return [cursor.slice(0, at), cursor.slice(at + 1)];
}

async function salesReportPage(ctx: AppContext, row: ExportRow, cursor: string | null, size: number) {
  const after = cursor ? split(cursor) : null;
  const groups = await ctx.db
    .select({
      vendorId: ledgerEntries.vendorId,
      currency: ledgerEntries.currency,
      vendor: sql<string>`max(${vendors.name})`,
      ...reportColumns,
    })
    .from(ledgerEntries)
    .innerJoin(vendors, eq(vendors.id, ledgerEntries.vendorId))
    .where(
      and(whereOf(row), after ? sql`(${ledgerEntries.vendorId}::text, ${ledgerEntries.currency}) > (${after[0]}, ${after[1]})` : undefined),
    )
    .groupBy(ledgerEntries.vendorId, ledgerEntries.currency)
    .orderBy(asc(sql`${ledgerEntries.vendorId}::text`), asc(ledgerEntries.currency))
    .limit(size + 1);
  const page = groups.slice(0, size);
  const rows = page.map((g) => {
    const money = (minor: string) => formatMinorUnits(Number(minor), currencyDecimals(g.currency));
    return [
      g.vendor,
      g.currency,
      String(g.count),
      ...[g.sales, g.refunds, g.discount, g.shipping, g.tax, g.commission, g.labelCosts, g.payouts, g.adjustments, g.grossSales, g.net].map(
        money,
      ),
    ];
  });
  const last = page[page.length - 1];
  return { rows, items: page.length, cursor: groups.length > size ? `${last.vendorId}|${last.currency}` : null };
}

async function entriesPage(ctx: AppContext, row: ExportRow, cursor: string | null, size: number) {
  const after = cursor ? split(cursor) : null;
  if (after && Number.isNaN(Date.parse(after[0]))) throw badRequest('Invalid cursor');
  const entries = await ctx.db
    .select({ entry: ledgerEntries, vendor: vendors.name, payout: payoutOf })
    .from(ledgerEntries)
    .innerJoin(vendors, eq(vendors.id, ledgerEntries.vendorId))
    .where(
      and(
        whereOf(row),
        after ? sql`(${ledgerEntries.occurredAt}, ${ledgerEntries.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.occurredAt), desc(ledgerEntries.id))
    .limit(size + 1);
  const page = entries.slice(0, size);
  const rows = page.map(({ entry: e, vendor, payout }) => [
    e.occurredAt.toISOString(),
    e.orderName,
    vendor,
    e.kind,
    formatMinorUnits(e.amount, currencyDecimals(e.currency)),
    e.currency,
    e.kind === 'payout' || e.kind === 'manual_payment' ? 'paid' : (payout ?? ''),
    e.inPayout ? 'yes' : 'no',
    e.inSales ? 'yes' : 'no',
    e.memo,
    e.id,
    e.reversesEntryId ?? '',
  ]);
  const last = page[page.length - 1]?.entry;
  return { rows, items: page.length, cursor: entries.length > size ? `${last.occurredAt.toISOString()}|${last.id}` : null };
}

export const TRANSACTION_EXPORT: ExportSource = {
  kind: 'transactions',
  columns: (row) => (isSalesReport(row) ? SALES_REPORT_COLUMNS : ALL_TRANSACTIONS_COLUMNS),
  screenPath: '/app/finance',
  async count(ctx, row) {
    const counted = isSalesReport(row)
      ? ctx.db
          .select({ n: sql<number>`count(distinct (${ledgerEntries.vendorId}, ${ledgerEntries.currency}))::int` })
          .from(ledgerEntries)
          .where(whereOf(row))
      : ctx.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(whereOf(row));
    const [{ n }] = await counted;
    return n;
  },
  page: (ctx, row, cursor, size) => (isSalesReport(row) ? salesReportPage(ctx, row, cursor, size) : entriesPage(ctx, row, cursor, size)),
};
