import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import { ANNUAL_REPORT_COLUMNS, AnnualReportQuerySchema, type AnnualReportQuery } from '#shared/schemas/statements';
import { resolveVendorSettings } from '#shared/schemas/vendor-settings';
import type { AppContext } from '#server/context';
import { ledgerEntries, vendorSettings, vendors } from '#server/db/schema/index';
import { badRequest } from '#server/http/errors';
import { isUuid } from '#server/lib/is-uuid';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { type ExportRow, type ExportSource, startExport } from '../exports/index.ts';
import { rowsOf } from '../products/index.ts';
import { readStoreSettings } from '../settings/index.ts';

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
  return and(
    eq(ledgerEntries.storeId, row.storeId),
    sql`${ledgerEntries.occurredAt} >= ${start(year)}`,
    sql`${ledgerEntries.occurredAt} < ${start(year + 1)}`,
  )!;
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

/** The store's vendors with an entry in the year: one index probe each (ledger_store_vendor_occurred_idx). */
const activeIn = (inYear: SQL) => sql`exists (select 1 from ${e} where ${e.vendorId} = ${vendors.id} and ${inYear})`;

/**
 * One page of vendors (keyset by id), each with a row per currency it had money in: the year's
 * entries are summed for those vendors only, so a page reads its vendors' entries through the
 * ledger's (store, vendor, time) index, and only one page is ever in memory.
 */
async function page(ctx: AppContext, row: ExportRow, cursor: string | null, size: number) {
  if (cursor && !isUuid(cursor)) throw badRequest('Invalid cursor');
  const inYear = await yearOf(ctx, row);
  const { year } = AnnualReportQuerySchema.parse(row.query);
  const found = await ctx.db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.storeId, row.storeId), cursor ? gt(vendors.id, cursor) : undefined, activeIn(inYear)))
    .orderBy(asc(vendors.id))
    .limit(size + 1);
  const chosen = found.slice(0, size);
  const ids = chosen.map((v) => v.id);
  if (ids.length === 0) return { rows: [], items: 0, cursor: null };
  const ofPage = and(inYear, inArray(e.vendorId, ids));
  const [groups, details, counts] = await Promise.all([
    ctx.db
      .select({ vendorId: e.vendorId, currency: e.currency, ...FIGURES })
      .from(e)
      .where(ofPage)
      .groupBy(e.vendorId, e.currency),
    ctx.db
      .select({ vendorId: vendorSettings.vendorId, settings: vendorSettings.settings })
      .from(vendorSettings)
      .where(and(eq(vendorSettings.storeId, row.storeId), inArray(vendorSettings.vendorId, ids))),
    // A sale is a vendor order sold in the year and not cancelled (its sale entries still add up to more than nothing).
    ctx.db.execute(sql`select s.vendor_id::text as "vendorId", s.currency, count(*)::int as n from (
        select ${e.vendorId} as vendor_id, ${e.currency} as currency from ${e}
        where ${and(ofPage, eq(e.kind, 'sale'))} and ${e.vendorOrderId} is not null
        group by ${e.vendorId}, ${e.currency}, ${e.vendorOrderId} having sum(${e.amount}) > 0) s
      group by s.vendor_id, s.currency`),
  ]);
  const saleCounts = rowsOf<{ vendorId: string; currency: string; n: number }>(counts);
  const rows = chosen.flatMap((vendor) => {
    const tax = resolveVendorSettings(details.find((d) => d.vendorId === vendor.id)?.settings).taxDetails;
    return groups
      .filter((g) => g.vendorId === vendor.id)
      .sort((a, b) => a.currency.localeCompare(b.currency))
      .map((g) => {
        const money = (minor: string) => formatMinorUnits(Number(minor), currencyDecimals(g.currency));
        const sales = saleCounts.find((c) => c.vendorId === g.vendorId && c.currency === g.currency)?.n ?? 0;
        return [
          vendor.name,
          tax.legalName,
          tax.taxId,
          tax.address,
          tax.country,
          String(year),
          g.currency,
          money(g.grossSales),
          String(sales),
          money(g.refunds),
          money(g.fees),
          money(g.payouts),
        ];
      });
  });
  return { rows, items: chosen.length, cursor: found.length > size ? chosen[chosen.length - 1].id : null };
}

export const ANNUAL_REPORT_EXPORT: ExportSource = {
  kind: 'annual-report',
  columns: ANNUAL_REPORT_COLUMNS,
  screenPath: '/app/finance/statements',
  async count(ctx, row) {
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(vendors)
      .where(and(eq(vendors.storeId, row.storeId), activeIn(await yearOf(ctx, row))));
    return n;
  },
  page,
};
