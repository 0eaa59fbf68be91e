import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import {
  TRANSACTION_COUNT_CAP,
  TRANSACTIONS_PER_PAGE,
  TransactionListQuerySchema,
  type TransactionListAnswer,
  type TransactionListQuery,
} from '#shared/schemas/finance';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { ledgerDaily, ledgerEntries, vendorOrders, vendors } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { resolveVendorScope, type VendorScope } from '../vendors/vendor-scope.ts';
import { dateRange } from '#server/lib/date-range';
import { displayCurrencyOf, inDisplayOrder } from './display-currency.ts';

type ParsedQuery = ReturnType<typeof TransactionListQuerySchema.parse>;

/**
 * The one rule of whose entries a caller sees: the caller's store, and one vendor's only when the
 * scope has one (a vendor always its own, whatever it asks; an admin the requested vendor or the
 * vendor view it switched to). Every finance read goes through this.
 */
export function ledgerScope(scope: VendorScope): SQL {
  return and(eq(ledgerEntries.storeId, scope.storeId), scope.vendorId ? eq(ledgerEntries.vendorId, scope.vendorId) : undefined)!;
}

const PAYMENT_KINDS = sql`${ledgerEntries.kind} in ('payout', 'manual_payment')`;
export const payoutOf = sql<string>`(select vo.payout from ${vendorOrders} vo where vo.id = ${ledgerEntries.vendorOrderId})`;

/** The list's filters (and the export's): a period counts back from `now`. */
export function transactionWhere(scope: VendorScope, query: ParsedQuery, now: Date): SQL {
  const conditions: (SQL | undefined)[] = [ledgerScope(scope)];
  const { from, to } = dateRange(query, now);
  if (from) conditions.push(gte(ledgerEntries.occurredAt, from));
  if (to) conditions.push(lt(ledgerEntries.occurredAt, to));
  if (query.payment === 'payout') conditions.push(PAYMENT_KINDS);
  else if (query.payment !== 'all') conditions.push(eq(ledgerEntries.kind, query.payment));
  if (query.payout === 'paid') conditions.push(sql`(${PAYMENT_KINDS} or ${payoutOf} = 'paid')`);
  else if (query.payout === 'due') conditions.push(sql`${payoutOf} = 'due'`);
  if (query.q) {
    const q = query.q.toLowerCase();
    const name = q.startsWith('#') ? q : `#${q}`;
    conditions.push(sql`lower(${ledgerEntries.orderName}) like ${`${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  return and(...conditions)!;
}

const sumOf = (condition: SQL) => sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${condition}), 0)`;

/**
 * GET transactions: a page of the scope's ledger entries, newest first, with the totals of the
 * filtered entries per currency (aggs), the count (capped like the orders list), the page count and
 * the oldest entry's time. Pages are offsets of the (store, vendor?, occurred_at, id) indexes,
 * bounded at TRANSACTION_PAGE_CAP pages.
 */
export async function listTransactions(ctx: AppContext, auth: AuthContext, input: TransactionListQuery): Promise<TransactionListAnswer> {
  const query = parseOrThrow(TransactionListQuerySchema, input);
  // The settings' rule: a vendor its own whatever it asks; an admin the requested vendor, else its view.
  const scope = await resolveVendorScope(ctx.db, auth, query.requestedVendor);
  const where = transactionWhere(scope, query, ctx.now());
  const newestFirst = [desc(ledgerEntries.occurredAt), desc(ledgerEntries.id)];
  const pageIds = ctx.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(where)
    .orderBy(...newestFirst)
    .limit(TRANSACTIONS_PER_PAGE)
    .offset((query.page - 1) * TRANSACTIONS_PER_PAGE);

  const [rows, [counted], totals, balances, [first], display] = await Promise.all([
    ctx.db
      .select({ entry: ledgerEntries, vendor: vendors.name, payout: payoutOf })
      .from(ledgerEntries)
      .innerJoin(vendors, eq(vendors.id, ledgerEntries.vendorId))
      .where(inArray(ledgerEntries.id, pageIds))
      .orderBy(...newestFirst),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(
        ctx.db
          .select({ one: sql`1` })
          .from(ledgerEntries)
          .where(where)
          .limit(TRANSACTION_COUNT_CAP + 1)
          .as('c'),
      ),
    ctx.db
      .select({
        currency: ledgerEntries.currency,
        count: sql<number>`count(*)::int`,
        sales: sumOf(sql`${ledgerEntries.kind} = 'sale'`),
        refunds: sumOf(sql`${ledgerEntries.kind} = 'refund'`),
        discount: sumOf(sql`${ledgerEntries.kind} = 'discount'`),
        shipping: sumOf(sql`${ledgerEntries.kind} = 'shipping'`),
        tax: sumOf(sql`${ledgerEntries.kind} = 'tax'`),
        commission: sumOf(sql`${ledgerEntries.kind} = 'commission'`),
        labelCosts: sumOf(sql`${ledgerEntries.kind} = 'label_cost'`),
        payouts: sumOf(PAYMENT_KINDS),
        adjustments: sumOf(sql`${ledgerEntries.kind} = 'adjustment'`),
        grossSales: sumOf(sql`${ledgerEntries.inSales}`),
        net: sumOf(sql`${ledgerEntries.inPayout}`),
      })
      .from(ledgerEntries)
      .where(where)
      .groupBy(ledgerEntries.currency),
    vendorBalances(ctx.db, scope),
    ctx.db
      .select({ at: ledgerEntries.occurredAt })
      .from(ledgerEntries)
      .where(ledgerScope(scope))
      .orderBy(ledgerEntries.occurredAt)
      .limit(1),
    displayCurrencyOf(ctx.db, auth),
  ]);

  const count = Math.min(counted.n, TRANSACTION_COUNT_CAP);
  const money = (minor: number | string, currency: string) => formatMinorUnits(Number(minor), currencyDecimals(currency));
  const currencies = inDisplayOrder([...totals.map((t) => t.currency), ...balances.map((b) => b.currency)], display);
  return {
    transactions: rows.map(({ entry, vendor, payout }) => ({
      id: entry.id,
      kind: entry.kind,
      amount: money(entry.amount, entry.currency),
      currency: entry.currency,
      vendor,
      orderId: entry.orderId,
      vendorOrderId: entry.vendorOrderId,
      orderName: entry.orderName,
      payoutId: entry.payoutId,
      payout: entry.kind === 'payout' || entry.kind === 'manual_payment' ? 'paid' : ((payout as 'due' | 'paid' | null) ?? null),
      inPayout: entry.inPayout,
      reversesId: entry.reversesEntryId,
      occurredAt: entry.occurredAt.toISOString(),
      memo: entry.memo,
    })),
    count,
    pageCount: Math.max(1, Math.ceil(count / TRANSACTIONS_PER_PAGE)),
    aggs: currencies.map((currency) => {
      const t = totals.find((x) => x.currency === currency);
      const figure = (key: Exclude<keyof NonNullable<typeof t>, 'currency' | 'count'>) => money(t ? t[key] : 0, currency);
      return {
        currency,
        count: t?.count ?? 0,
        sales: figure('sales'),
        refunds: figure('refunds'),
        discount: figure('discount'),
        shipping: figure('shipping'),
        tax: figure('tax'),
        commission: figure('commission'),
        labelCosts: figure('labelCosts'),
        payouts: figure('payouts'),
        adjustments: figure('adjustments'),
        grossSales: figure('grossSales'),
        net: figure('net'),
        balance: money(balances.find((b) => b.currency === currency)?.balance ?? 0, currency),
      };
    }),
    firstTransactionAt: first?.at.toISOString() ?? null,
  };
}

/**
 * What the marketplace owes: the sum of the entries that count in payouts, per currency, for the
 * scope (one vendor, or all of the store's). security.md 22: sales − commission ± adjustments − payouts.
 * Read from the daily rollup (written in the transaction of each entry, so equal to the entries' sum
 * at every commit): a vendor's days, not its every entry.
 */
export async function vendorBalances(db: Db, scope: VendorScope): Promise<{ currency: string; balance: number }[]> {
  const rows = await db
    .select({ currency: ledgerDaily.currency, balance: sql<string>`coalesce(sum(${ledgerDaily.inPayout}), 0)` })
    .from(ledgerDaily)
    .where(and(eq(ledgerDaily.storeId, scope.storeId), scope.vendorId ? eq(ledgerDaily.vendorId, scope.vendorId) : undefined))
    .groupBy(ledgerDaily.currency);
  return rows.map((r) => ({ currency: r.currency, balance: Number(r.balance) }));
}
