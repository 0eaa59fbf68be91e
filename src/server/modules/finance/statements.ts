import { and, eq, lt, sql } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import {
  STATEMENT_LINES,
  STATEMENT_MESSAGES,
  StatementMonthSchema,
  StatementQuerySchema,
  type StatementAnswer,
  type StatementLine,
  type StatementQuery,
} from '#shared/schemas/statements';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { vendorLedgerKindDaily, vendors } from '#server/db/schema/index';
import { badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { readStoreSettings } from '../settings/index.ts';
import { resolveVendorScope } from '../vendors/index.ts';
import { displayCurrencyOf, inDisplayOrder } from './display-currency.ts';

/** The kinds of entry each line of a statement sums ("fees": the marketplace's adjustments, charges and credits beside commission and labels). */
export const STATEMENT_KINDS: Record<StatementLine, readonly string[]> = {
  sales: ['sale'],
  discounts: ['discount'],
  shipping: ['shipping'],
  tax: ['tax'],
  commission: ['commission'],
  refunds: ['refund'],
  fees: ['adjustment'],
  labelCosts: ['label_cost'],
  payouts: ['payout', 'manual_payment'],
};

/** A month's first day and the next month's first day (YYYY-MM-DD). */
export function monthDays(month: string): { firstDay: string; endDay: string; lastDay: string } {
  const [year, m] = month.split('-').map(Number);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { firstDay: `${month}-01`, endDay: `${next}-01`, lastDay: `${month}-${String(last).padStart(2, '0')}` };
}

interface SectionSums {
  currency: string;
  opening: number;
  lines: Record<StatementLine, number>;
  entries: number;
}

/**
 * A vendor's balance movements of one month per currency: what it was owed at the month's start
 * (every entry that counts in payouts before the month), each kind of entry of the month, and
 * what it was owed at the end. Read from the vendor's daily rollup by kind, whose days are the
 * store's calendar days (its time zone), so a month is whole days and the sums are the entries'.
 */
async function sumMonth(db: Db, storeId: string, vendorId: string, month: string): Promise<SectionSums[]> {
  const { firstDay, endDay } = monthDays(month);
  const r = vendorLedgerKindDaily;
  const inMonth = sql`${r.day} >= ${firstDay}`;
  const lineSum = (kinds: readonly string[]) =>
    sql<string>`coalesce(sum(${r.amount}) filter (where ${inMonth} and ${r.kind} in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})), 0)`;
  const rows = await db
    .select({
      currency: r.currency,
      opening: sql<string>`coalesce(sum(${r.amount}) filter (where ${r.day} < ${firstDay}), 0)`,
      entries: sql<string>`coalesce(sum(${r.entries}) filter (where ${inMonth}), 0)`,
      ...(Object.fromEntries(STATEMENT_LINES.map((line) => [line, lineSum(STATEMENT_KINDS[line])])) as Record<
        StatementLine,
        ReturnType<typeof lineSum>
      >),
    })
    .from(r)
    .where(and(eq(r.storeId, storeId), eq(r.vendorId, vendorId), eq(r.inPayout, true), lt(r.day, endDay)))
    .groupBy(r.currency);
  return rows
    .map((row) => ({
      currency: row.currency,
      opening: Number(row.opening),
      entries: Number(row.entries),
      lines: Object.fromEntries(STATEMENT_LINES.map((line) => [line, Number(row[line])])) as Record<StatementLine, number>,
    }))
    .filter((s) => s.opening !== 0 || s.entries > 0);
}

/**
 * GET statements/{month}: a vendor's monthly statement, one section per currency (never added
 * together): opening balance, the month's sales, discounts, shipping, tax, commission, refunds,
 * fees, label costs and payouts (the entries that count in payouts, so they add up), and the
 * closing balance, which is the next month's opening one. A vendor gets its own; an admin names
 * the vendor (requestedVendor) or works in its view.
 */
export async function getStatement(ctx: AppContext, auth: AuthContext, monthText: string, input: StatementQuery): Promise<StatementAnswer> {
  const month = parseOrThrow(StatementMonthSchema, monthText);
  const query = parseOrThrow(StatementQuerySchema, input);
  const scope = await resolveVendorScope(ctx.db, auth, query.requestedVendor);
  if (!scope.vendorId) throw badRequest(STATEMENT_MESSAGES.chooseVendor);
  const [[vendor], settings, sums, display] = await Promise.all([
    ctx.db
      .select({ name: vendors.name })
      .from(vendors)
      .where(and(eq(vendors.storeId, scope.storeId), eq(vendors.id, scope.vendorId))),
    readStoreSettings(ctx.db, scope.storeId),
    sumMonth(ctx.db, scope.storeId, scope.vendorId, month),
    displayCurrencyOf(ctx.db, scope),
  ]);
  const { firstDay, lastDay } = monthDays(month);
  return {
    vendor: vendor.name,
    month,
    from: firstDay,
    to: lastDay,
    timeZone: settings.timeZone,
    sections: inDisplayOrder(
      sums.map((s) => s.currency),
      display,
    ).map((currency) => {
      const s = sums.find((x) => x.currency === currency)!;
      const money = (minor: number) => formatMinorUnits(minor, currencyDecimals(currency));
      const closing = s.opening + STATEMENT_LINES.reduce((sum, line) => sum + s.lines[line], 0);
      return {
        currency,
        openingBalance: money(s.opening),
        ...(Object.fromEntries(STATEMENT_LINES.map((line) => [line, money(s.lines[line])])) as Record<StatementLine, string>),
        closingBalance: money(closing),
        entries: s.entries,
      };
    }),
  };
}
