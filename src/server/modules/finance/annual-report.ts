import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import { ANNUAL_REPORT_COLUMNS, AnnualReportQuerySchema, type AnnualReportQuery } from '#shared/schemas/statements';
import { resolveVendorSettings } from '#shared/schemas/vendor-settings';
import type { AppContext } from '#server/context';
import { ledgerEntries, vendorSettings, vendors } from '#server/db/schema/index';
import { badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { startExport, type ExportRow, type ExportSource } from '../exports/csv-exports.ts';
import { rowsOf } from '../products/list-products.ts';
import { readStoreSettings } from '../settings/store-settings.ts';

/** POST annual-report/export?year= (admins): every vendor's year as one CSV, written by the export job. */
export async function startAnnualReport(ctx: AppContext, auth: AuthContext, input: AnnualReportQuery) {
  const { year } = parseOrThrow(AnnualReportQuerySchema, input);
  return startExport(ctx, auth, 'annual-report', { vendorId: null, query: { year } });
}

/** The report's year on the store's clock: its entries from 1 January 00:00 to the next 1 January, in the store's zone. */
async function yearOf(ctx: AppContext, row: ExportRow): Promise<SQL> {
  const { year } = AnnualReportQuerySchema.parse(row.query);
  const { timeZone } = await readStoreSettings(ctx.db, row.storeId);
  const start = (y: number) => sql`(${`${y}-01-01 00:00:00`}::timestamp at time zone ${timeZone})`;
  return and(eq(ledgerEntries.storeId, row.storeId), sql`${ledgerEntries.occurredAt} >= ${start(year)}`, sql`${ledgerEntries.occurredAt} < ${start(year + 1)}`)!;
}

const e = ledgerEntries;
const SALE_KINDS = sql`${e.kind} in ('sale', 'discount', 'shipping', 'tax')`;
/**
 * The figures the tax reports ask for, as amounts (positive: what was sold, refunded, charged,
 * paid): gross sales are the sales figure's entries (financeConfig's include* flags) of the year
 * that are no refund, net of cancellations; refunds the same entries of refunds; fees what the
 * marketplace kept (commission, label costs, adjustments); payouts what it paid.
 */
const FIGURES = {
  grossSales: sql<string>`coalesce(sum(${e.amount}) filter (where ${e.inSales} and ${SALE_KINDS} and ${e.refundId} is null), 0)`,
  refunds: sql<string>`coalesce(-sum(${e.amount}) filter (where ${e.inSales} and ${e.refundId} is not null), 0)`,
  fees: sql<string>`coalesce(-sum(${e.amount}) filter (where ${e.kind} in ('commission', 'label_cost', 'adjustment')), 0)`,
  payouts: sql<string>`coalesce(-sum(${e.amount}) filter (where ${e.kind} in ('payout', 'manual_payment')), 0)`,
};

function split(cursor: string) {
  const at = cursor.lastIndexOf('|');
  if (at < 0) throw badRequest('Invalid cursor');
  return [cursor.slice(0, at), cursor.slice(at + 1)];
}

/** One page of (vendor, currency) rows, keyset by vendor id and currency: only one page is ever in memory. */
async function page(ctx: AppContext, row: ExportRow, cursor: string | null, size: number) {
  const after = cursor ? split(cursor) : null;
  const inYear = await yearOf(ctx, row);
  const { year } = AnnualReportQuerySchema.parse(row.query);
  const groups = await ctx.db
    .select({ vendorId: e.vendorId, currency: e.currency, vendor: sql<string>`max(${vendors.name})`, ...FIGURES })
    .from(e)
    .innerJoin(vendors, and(eq(vendors.storeId, e.storeId), eq(vendors.id, e.vendorId)))
    .where(and(inYear, after ? sql`(${e.vendorId}::text, ${e.currency}) > (${after[0]}, ${after[1]})` : undefined))
    .groupBy(e.vendorId, e.currency)
    .orderBy(asc(sql`${e.vendorId}::text`), asc(e.currency))
    .limit(size + 1);
  const chosen = groups.slice(0, size);
  const ids = [...new Set(chosen.map((g) => g.vendorId))];
  const [details, counts] = ids.length
    ? await Promise.all([
        ctx.db
          .select({ vendorId: vendorSettings.vendorId, settings: vendorSettings.settings })
          .from(vendorSettings)
          .where(and(eq(vendorSettings.storeId, row.storeId), inArray(vendorSettings.vendorId, ids))),
        // A sale is a vendor order sold in the year and not cancelled (its sale entries still add up to more than nothing).
        ctx.db.execute(sql`select s.vendor_id::text as "vendorId", s.currency, count(*)::int as n from (
            select ${e.vendorId} as vendor_id, ${e.currency} as currency from ${e}
            where ${and(inYear, inArray(e.vendorId, ids), eq(e.kind, 'sale'))} and ${e.vendorOrderId} is not null
            group by ${e.vendorId}, ${e.currency}, ${e.vendorOrderId} having sum(${e.amount}) > 0) s
          group by s.vendor_id, s.currency`),
      ])
    : [[], { rows: [] }];
  const saleCounts = rowsOf<{ vendorId: string; currency: string; n: number }>(counts);
  const rows = chosen.map((g) => {
    const tax = resolveVendorSettings(details.find((d) => d.vendorId === g.vendorId)?.settings).taxDetails;
    const money = (minor: string) => formatMinorUnits(Number(minor), currencyDecimals(g.currency));
    const sales = saleCounts.find((c) => c.vendorId === g.vendorId && c.currency === g.currency)?.n ?? 0;
    return [g.vendor, tax.legalName, tax.taxId, tax.address, tax.country, String(year), g.currency, money(g.grossSales), String(sales), money(g.refunds), money(g.fees), money(g.payouts)];
  });
  const last = chosen[chosen.length - 1];
  return { rows, items: chosen.length, cursor: groups.length > size ? `${last.vendorId}|${last.currency}` : null };
}

export const ANNUAL_REPORT_EXPORT: ExportSource = {
  kind: 'annual-report',
  columns: ANNUAL_REPORT_COLUMNS,
  screenPath: '/app/finance/statements',
  async count(ctx, row) {
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(distinct (${e.vendorId}, ${e.currency}))::int` })
      .from(e)
      .where(await yearOf(ctx, row));
    return n;
  },
  page,
};
