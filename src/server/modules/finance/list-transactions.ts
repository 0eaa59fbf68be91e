import { and, desc, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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
import {
  ledgerDaily,
  ledgerEntries,
  ledgerKindDaily,
  ledgerPayoutState,
  stores,
  vendorLedgerKindDaily,
  vendorOrders,
  vendors,
} from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { rowsOf } from '../products/index.ts';
import { inVendorScope, resolveVendorScope, type VendorScope } from '../vendors/index.ts';
import { dateRange } from '#server/lib/date-range';
import { displayCurrencyOf, inDisplayOrder } from './display-currency.ts';

type ParsedQuery = ReturnType<typeof TransactionListQuerySchema.parse>;

/**
 * The one rule of whose entries a caller sees: the caller's store, and one vendor's only when the
 * scope has one (a vendor always its own, whatever it asks; an admin the requested vendor or the
 * vendor view it switched to). Every finance read goes through this.
 */
export function ledgerScope(scope: VendorScope): SQL {
  return inVendorScope(ledgerEntries, scope);
}

const PAYMENT_KINDS = ['payout', 'manual_payment'] as const;

/** The kind filter on any source with a kind (entries, rollups, the payout state); "payout" also finds manual payments. */
function kindIs(query: ParsedQuery, kind: AnyColumn): SQL | undefined {
  if (query.payment === 'all') return undefined;
  return query.payment === 'payout' ? sql`${kind} in ${PAYMENT_KINDS}` : sql`${kind} = ${query.payment}`;
}

/** An entry's payout state ('due', 'paid'; payments are paid): the state table, kept by triggers beside the append-only ledger. */
const entryPayoutIs = (state: 'due' | 'paid') =>
  sql`exists (select 1 from ${ledgerPayoutState} p where p.entry_id = ${ledgerEntries.id} and p.store_id = ${ledgerEntries.storeId} and p.payout = ${state})`;
export const payoutOf = sql<string>`(select vo.payout from ${vendorOrders} vo where vo.id = ${ledgerEntries.vendorOrderId})`;

function orderNameLike(query: ParsedQuery): SQL | undefined {
  if (!query.q) return undefined;
  const q = query.q.toLowerCase();
  const name = q.startsWith('#') ? q : `#${q}`;
  return sql`lower(${ledgerEntries.orderName}) like ${`${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

/** The list's filters (and the export's): a period counts back from `now`. */
export function transactionWhere(scope: VendorScope, query: ParsedQuery, now: Date): SQL {
  const { from, to } = dateRange(query, now);
  return and(
    ledgerScope(scope),
    from ? gte(ledgerEntries.occurredAt, from) : undefined,
    to ? lt(ledgerEntries.occurredAt, to) : undefined,
    kindIs(query, ledgerEntries.kind),
    query.payout === 'all' ? undefined : entryPayoutIs(query.payout),
    orderNameLike(query),
  )!;
}

/**
 * A page of entry ids, newest first (offsets bounded at TRANSACTION_PAGE_CAP pages). The due and
 * paid filters walk the payout state's (store, vendor?, payout, occurred_at) indexes; the others
 * the ledger's (store, vendor?|kind?, occurred_at, id).
 */
function pageOfIds(db: Db, scope: VendorScope, query: ParsedQuery, where: SQL, now: Date) {
  const offset = (query.page - 1) * TRANSACTIONS_PER_PAGE;
  if (query.payout === 'all') {
    return db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.occurredAt), desc(ledgerEntries.id))
      .limit(TRANSACTIONS_PER_PAGE)
      .offset(offset);
  }
  const { from, to } = dateRange(query, now);
  const s = ledgerPayoutState;
  const named = orderNameLike(query);
  return db
    .select({ id: s.entryId })
    .from(s)
    .where(
      and(
        inVendorScope(s, scope),
        eq(s.payout, query.payout),
        from ? gte(s.occurredAt, from) : undefined,
        to ? lt(s.occurredAt, to) : undefined,
        kindIs(query, s.kind),
        named &&
          sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.id} = ${s.entryId} and ${ledgerEntries.storeId} = ${s.storeId} and ${named})`,
      ),
    )
    .orderBy(desc(s.occurredAt), desc(s.entryId))
    .limit(TRANSACTIONS_PER_PAGE)
    .offset(offset);
}

/**
 * The whole days on the store's clock within [from, to): the first starts at or after `from`, the
 * last ends at or before `to` (null on an open side), and when they start (epoch ms): the bounds of
 * the two partial edge days, known before the totals are planned.
 */
async function wholeDaysOf(db: Db, storeId: string, from: Date | null, to: Date | null) {
  const zone = sql`coalesce((select ${stores.settings}->>'timeZone' from ${stores} where ${stores.id} = ${storeId}), 'UTC')`;
  const [days] = rowsOf<{ firstDay: string | null; endDay: string | null; firstStart: number | null; endStart: number | null }>(
    await db.execute(sql`
      select first_day::text as "firstDay", end_day::text as "endDay",
        extract(epoch from first_day::timestamp at time zone z)::float8 * 1000 as "firstStart", extract(epoch from end_day::timestamp at time zone z)::float8 * 1000 as "endStart"
      from (select z, (f::date + case when f::time = '00:00' then 0 else 1 end) as first_day, t::date as end_day
        from (select z, ${from?.toISOString() ?? null}::timestamptz at time zone z as f, ${to?.toISOString() ?? null}::timestamptz at time zone z as t from (select ${zone} as z) zz) l) d`),
  );
  return days;
}

type Totals = Record<
  | 'currency'
  | 'count'
  | 'sales'
  | 'refunds'
  | 'discount'
  | 'shipping'
  | 'tax'
  | 'commission'
  | 'labelCosts'
  | 'payouts'
  | 'adjustments'
  | 'grossSales'
  | 'net',
  string
>;

/**
 * The totals of the filtered entries per currency, exact to the cent: the kind-keyed rollup for the
 * whole days of the range (on the store's clock) and the entries of the partial days at its two
 * edges; the order search (selective) sums its entries.
 */
async function totalsOf(db: Db, scope: VendorScope, query: ParsedQuery, where: SQL, now: Date): Promise<Totals[]> {
  const entries = (condition: SQL) =>
    sql`select ${ledgerEntries.currency} as currency, ${ledgerEntries.kind} as kind, ${ledgerEntries.inSales} as in_sales, ${ledgerEntries.inPayout} as in_payout,
      ${ledgerEntries.amount} as amount, 1 as n from ${ledgerEntries} where ${condition}`;
  // An edge day's entries; the due/paid states of the same hours only (a few), not every entry's of the store.
  const s = ledgerPayoutState;
  const edge = (since: Date, until: Date) =>
    entries(
      and(
        transactionWhere(scope, { ...query, payout: 'all' }, now),
        gte(ledgerEntries.occurredAt, since),
        lt(ledgerEntries.occurredAt, until),
        query.payout === 'all'
          ? undefined
          : sql`(${ledgerEntries.id}, ${ledgerEntries.storeId}) in (select ${s.entryId}, ${s.storeId} from ${s} where ${and(eq(s.storeId, scope.storeId), eq(s.payout, query.payout), gte(s.occurredAt, since), lt(s.occurredAt, until))})`,
      )!,
    );
  const parts: SQL[] = [];
  if (query.q) parts.push(entries(where));
  else {
    const { from, to } = dateRange(query, now);
    const days = from || to ? await wholeDaysOf(db, scope.storeId, from, to) : null;
    const firstStart = days?.firstStart ?? -Infinity;
    const endStart = days?.endStart ?? Infinity;
    if (from) parts.push(edge(from, new Date(Math.min(firstStart, endStart, to?.getTime() ?? Infinity))));
    if (to) parts.push(edge(new Date(Math.max(firstStart, endStart, from?.getTime() ?? -Infinity)), to));
    const r = scope.vendorId ? vendorLedgerKindDaily : ledgerKindDaily;
    parts.push(sql`select ${r.currency} as currency, ${r.kind} as kind, ${r.inSales} as in_sales, ${r.inPayout} as in_payout, ${r.amount} as amount, ${r.entries} as n from ${r}
      where ${and(
        eq(r.storeId, scope.storeId),
        'vendorId' in r && scope.vendorId ? eq(r.vendorId, scope.vendorId) : undefined,
        days?.firstDay ? gte(r.day, days.firstDay) : undefined,
        days?.endDay ? lt(r.day, days.endDay) : undefined,
        kindIs(query, r.kind),
        query.payout === 'all' ? undefined : eq(r.payout, query.payout),
      )}`);
  }
  const source = sql.join(parts, sql` union all `);
  const sumOf = (condition: SQL) => sql<string>`coalesce(sum(t.amount) filter (where ${condition}), 0)`;
  const totals = await db.execute(sql`
    select t.currency, sum(t.n)::text as count,
      ${sumOf(sql`t.kind = 'sale'`)} as sales, ${sumOf(sql`t.kind = 'refund'`)} as refunds, ${sumOf(sql`t.kind = 'discount'`)} as discount,
      ${sumOf(sql`t.kind = 'shipping'`)} as shipping, ${sumOf(sql`t.kind = 'tax'`)} as tax, ${sumOf(sql`t.kind = 'commission'`)} as commission,
      ${sumOf(sql`t.kind = 'label_cost'`)} as "labelCosts", ${sumOf(sql`t.kind in ${PAYMENT_KINDS}`)} as payouts, ${sumOf(sql`t.kind = 'adjustment'`)} as adjustments,
      ${sumOf(sql`t.in_sales`)} as "grossSales", ${sumOf(sql`t.in_payout`)} as net
    from (${source}) t group by t.currency having sum(t.n) > 0`);
  return rowsOf<Totals>(totals);
}

/**
 * GET transactions: a page of the scope's ledger entries, newest first, with the totals of the
 * filtered entries per currency (aggs), the count (capped like the orders list), the page count and
 * the oldest entry's time.
 */
export async function listTransactions(ctx: AppContext, auth: AuthContext, input: TransactionListQuery): Promise<TransactionListAnswer> {
  const query = parseOrThrow(TransactionListQuerySchema, input);
  // The settings' rule: a vendor its own whatever it asks; an admin the requested vendor, else its view.
  const scope = await resolveVendorScope(ctx.db, auth, query.requestedVendor);
  const now = ctx.now();
  const where = transactionWhere(scope, query, now);
  const newestFirst = [desc(ledgerEntries.occurredAt), desc(ledgerEntries.id)];

  const [rows, totals, balances, [first], display] = await Promise.all([
    ctx.db
      .select({ entry: ledgerEntries, vendor: vendors.name, payout: payoutOf })
      .from(ledgerEntries)
      .innerJoin(vendors, eq(vendors.id, ledgerEntries.vendorId))
      .where(inArray(ledgerEntries.id, pageOfIds(ctx.db, scope, query, where, now)))
      .orderBy(...newestFirst),
    totalsOf(ctx.db, scope, query, where, now),
    vendorBalances(ctx.db, scope),
    ctx.db
      .select({ at: ledgerEntries.occurredAt })
      .from(ledgerEntries)
      .where(ledgerScope(scope))
      .orderBy(ledgerEntries.occurredAt)
      .limit(1),
    displayCurrencyOf(ctx.db, auth),
  ]);

  const count = Math.min(
    totals.reduce((n, t) => n + Number(t.count), 0),
    TRANSACTION_COUNT_CAP,
  );
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
        count: Number(t?.count ?? 0),
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
 * scope (one vendor, or all of the store's): sales − commission ± adjustments − payouts.
 * Read from the daily rollups (written in the transaction of each entry, so equal to the entries' sum
 * at every commit): a vendor's days, or the marketplace's days × kinds, not every vendor's days.
 */
export async function vendorBalances(db: Db, scope: VendorScope): Promise<{ currency: string; balance: number }[]> {
  const rows = scope.vendorId
    ? await db
        .select({ currency: ledgerDaily.currency, balance: sql<string>`coalesce(sum(${ledgerDaily.inPayout}), 0)` })
        .from(ledgerDaily)
        .where(inVendorScope(ledgerDaily, scope))
        .groupBy(ledgerDaily.currency)
    : await db
        .select({ currency: ledgerKindDaily.currency, balance: sql<string>`coalesce(sum(${ledgerKindDaily.amount}), 0)` })
        .from(ledgerKindDaily)
        .where(and(eq(ledgerKindDaily.storeId, scope.storeId), ledgerKindDaily.inPayout))
        .groupBy(ledgerKindDaily.currency);
  return rows.map((r) => ({ currency: r.currency, balance: Number(r.balance) }));
}
