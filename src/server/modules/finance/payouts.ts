import { and, asc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import { PAYOUT_MESSAGES, type PayBodySchema, type PayoutLinesSchema, type PayoutMethod } from '#shared/schemas/finance';
import { PAYMENT_PROVIDERS } from '#shared/schemas/payments';
import type { z } from 'zod';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { ledgerEntries, orders, payouts, vendorOrders, vendors } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { payoutDestination, payoutTargets, settlePayout, stripeBalance } from '../payments/index.ts';
import { readStoreCurrency, readStoreSettings } from '../settings/index.ts';
import type { Settings } from '#shared/schemas/settings';
import { payableNow, reachesMinimum } from './payable.ts';
import { readReserves, reservedOrders } from './reserve.ts';

type PayoutLines = z.output<typeof PayoutLinesSchema>;
/** Who pays: an admin, or the automated payout (no user). */
export type Payer = Pick<AuthContext, 'storeId'> & { userId: string | null };

interface Allocation {
  vendorId: string;
  vendor: string;
  currency: string;
  vendorOrderIds: string[];
  orderNames: string[];
}

/**
 * The payable vendor orders the lines name (paid by the buyer, fulfilled, past their hold: payable.ts),
 * grouped per vendor and currency; unknown, held, unpaid or paid-out lines are left out.
 */
async function allocationsOf(db: Db, storeId: string, lines: PayoutLines, payable: SQL, lock = false): Promise<Allocation[]> {
  const names = [...new Set(lines.map((l) => l.vendor))];
  const query = db
    .select({
      id: vendorOrders.id,
      vendorId: vendorOrders.vendorId,
      vendor: vendors.name,
      orderName: vendorOrders.orderName,
      currency: orders.currency,
    })
    .from(vendorOrders)
    .innerJoin(vendors, eq(vendors.id, vendorOrders.vendorId))
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .where(
      and(
        eq(vendorOrders.storeId, storeId),
        payable,
        inArray(vendors.name, names),
        inArray(
          vendorOrders.orderName,
          lines.map((l) => l.orderName),
        ),
      ),
    )
    .orderBy(asc(vendorOrders.id));
  // Locked in id order: two payments of overlapping lines wait for each other, never in a circle.
  const rows = lock ? await query.for('update', { of: vendorOrders }) : await query;
  const wanted = new Set(lines.map((l) => `${l.vendor}\n${l.orderName}`));
  const groups = new Map<string, Allocation>();
  for (const row of rows.filter((r) => wanted.has(`${r.vendor}\n${r.orderName}`))) {
    const key = `${row.vendorId}\n${row.currency}`;
    const group = groups.get(key) ?? {
      vendorId: row.vendorId,
      vendor: row.vendor,
      currency: row.currency,
      vendorOrderIds: [],
      orderNames: [],
    };
    group.vendorOrderIds.push(row.id);
    group.orderNames.push(row.orderName);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * What paying an allocation pays: the vendor's balance in that currency less what its other due
 * orders hold, and less what the vendor's reserve still holds of the orders paid now or before
 * (reserve.ts): that part is paid by a later payment, once its day has come. So a refund of an
 * order paid before (a negative part of the balance) is netted by the next payment, never lost and
 * never paid twice.
 */
async function amountOf(db: Db, storeId: string, allocation: Allocation, payments: Settings['payments'], now: Date): Promise<number> {
  const reserved = await reservedOrders(db, storeId, payments, now, await readReserves(db, storeId, allocation.vendorId));
  const stillReserved = reserved
    .filter((r) => r.currency === allocation.currency && (r.payout === 'paid' || allocation.vendorOrderIds.includes(r.vendorOrderId)))
    .reduce((sum, r) => sum + r.reserved, 0);
  const mine: SQL = and(
    eq(ledgerEntries.storeId, storeId),
    eq(ledgerEntries.vendorId, allocation.vendorId),
    eq(ledgerEntries.currency, allocation.currency),
    eq(ledgerEntries.inPayout, true),
  )!;
  const otherDue = db
    .select({ id: vendorOrders.id })
    .from(vendorOrders)
    .where(
      and(
        eq(vendorOrders.storeId, storeId),
        eq(vendorOrders.vendorId, allocation.vendorId),
        eq(vendorOrders.payout, 'due'),
        notInArray(vendorOrders.id, allocation.vendorOrderIds),
      ),
    );
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      held: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.vendorOrderId} in ${otherDue}), 0)`,
    })
    .from(ledgerEntries)
    .where(mine);
  return Number(row.balance) - Number(row.held) - stillReserved;
}

/**
 * The ways each vendor can be paid: by hand always; through Stripe or PayPal only when that provider
 * can pay the vendor now (payments/payout-destination.ts: offered by the store, the vendor's account
 * connected and able to receive).
 */
async function connectedMethods(ctx: AppContext, storeId: string, vendorIds: string[]): Promise<(vendorId: string) => PayoutMethod[]> {
  const targets = await payoutTargets(ctx, storeId, vendorIds, true);
  return (vendorId) => {
    const of = targets(vendorId);
    return ['manual', ...PAYMENT_PROVIDERS.filter((p) => 'destination' in of[p])];
  };
}

const money = (minor: number, currency: string) => formatMinorUnits(minor, currencyDecimals(currency));

/** POST payment/v3/prepare: per vendor and currency, what paying the chosen lines would pay, and whether it reaches the minimum payout. */
export async function preparePayout(ctx: AppContext, auth: Payer, lines: PayoutLines) {
  const { payments } = await readStoreSettings(ctx.db, auth.storeId);
  const allocations = await allocationsOf(ctx.db, auth.storeId, lines, payableNow(payments, ctx.now()));
  const priced = await Promise.all(
    allocations.map(async (a) => ({ ...a, amount: await amountOf(ctx.db, auth.storeId, a, payments, ctx.now()) })),
  );
  const methodsOf = await connectedMethods(ctx, auth.storeId, [...new Set(allocations.map((a) => a.vendorId))]);
  const totals = new Map<string, number>();
  const isPayable = (a: { amount: number; currency: string }) => reachesMinimum(a.amount, a.currency, payments.minimumPayout);
  for (const a of priced) if (isPayable(a)) totals.set(a.currency, (totals.get(a.currency) ?? 0) + a.amount);
  return {
    stripeBalance: await stripeBalance(
      ctx,
      auth.storeId,
      totals.size === 1 ? [...totals.keys()][0] : await readStoreCurrency(ctx.db, auth.storeId),
    ),
    total: [...totals].map(([currency, amount]) => ({ currency, amount: money(amount, currency) })),
    allocations: priced.map((a) => ({
      vendor: a.vendor,
      currency: a.currency,
      amount: money(a.amount, a.currency),
      orderNames: a.orderNames,
      payable: isPayable(a),
      methods: methodsOf(a.vendorId),
    })),
  };
}

/**
 * POST payment/v3/pay: each vendor's allocation paid in its own transaction. The chosen vendor
 * orders are locked first and only those still payable count (and the amount must reach the
 * store's minimum payout), so two admins paying the same lines at
 * once make one payment; the payout row (its id is the providers' idempotency key) and its ledger
 * entry are written with the orders' paid state, all or nothing. A provider payout is then settled
 * with the provider (settle-payout.ts): paid, failed (its entry reversed, its orders due again) or
 * still pending (the provider did not answer; the recovery asks again).
 */
export async function pay(ctx: AppContext, auth: Payer, body: z.output<typeof PayBodySchema>) {
  const paidAt = body.manual.paidAt
    ? new Date(body.manual.paidAt.length === 10 ? `${body.manual.paidAt}T00:00:00Z` : body.manual.paidAt)
    : ctx.now();
  const { payments } = await readStoreSettings(ctx.db, auth.storeId);
  const payable = payableNow(payments, ctx.now());
  const results = [];
  for (const planned of await allocationsOf(ctx.db, auth.storeId, body.payoutLines, payable)) {
    const method = body.methods[planned.vendor] ?? 'manual';
    const isManual = method === 'manual';
    const base = { vendor: planned.vendor, currency: planned.currency, method, transactionId: null };
    const target = isManual ? null : await payoutDestination(ctx, auth.storeId, planned.vendorId, method);
    if (target && 'message' in target) {
      results.push({ ...base, amount: money(0, planned.currency), status: 'failed' as const, message: target.message });
      continue;
    }
    const outcome = await ctx.db.transaction(async (tx) => {
      const [allocation] = (await allocationsOf(tx, auth.storeId, body.payoutLines, payable, true)).filter(
        (a) => a.vendorId === planned.vendorId && a.currency === planned.currency,
      );
      if (!allocation) return { amount: 0, message: PAYOUT_MESSAGES.alreadyPaid };
      const amount = await amountOf(tx, auth.storeId, allocation, payments, ctx.now());
      if (amount <= 0) return { amount, message: PAYOUT_MESSAGES.nothingToPay };
      if (!reachesMinimum(amount, allocation.currency, payments.minimumPayout)) return { amount, message: PAYOUT_MESSAGES.belowMinimum };
      // A provider payout is recorded (pending, with its entry and the orders claimed) before the
      // provider hears of it: its id is the idempotency key, so a crash after this point is finished
      // by asking the provider, never by paying again.
      const [payout] = await tx
        .insert(payouts)
        .values({
          storeId: auth.storeId,
          vendorId: allocation.vendorId,
          currency: allocation.currency,
          amount,
          method,
          state: isManual ? 'paid' : 'pending',
          paidAt: isManual ? paidAt : null,
          details: isManual ? body.manual.details : '',
          destination: target?.destination ?? null,
          vendorOrderIds: allocation.vendorOrderIds,
          createdBy: auth.userId,
        })
        .returning({ id: payouts.id });
      const [entry] = await tx
        .insert(ledgerEntries)
        .values({
          storeId: auth.storeId,
          vendorId: allocation.vendorId,
          currency: allocation.currency,
          amount: -amount,
          kind: isManual ? 'manual_payment' : 'payout',
          inPayout: true,
          inSales: false,
          payoutId: payout.id,
          occurredAt: isManual ? paidAt : ctx.now(),
          memo: isManual ? body.manual.details : '',
        })
        .returning({ id: ledgerEntries.id });
      await tx
        .update(vendorOrders)
        .set({ payout: 'paid', payoutId: payout.id, updatedAt: ctx.now() })
        .where(inArray(vendorOrders.id, allocation.vendorOrderIds));
      return { amount, transactionId: entry.id, payoutId: payout.id };
    });
    let status: 'paid' | 'failed' | 'pending' = outcome.transactionId ? 'paid' : 'failed';
    let message: string | null = outcome.message ?? null;
    if (!isManual && outcome.payoutId) {
      status = await settlePayout(ctx, outcome.payoutId);
      if (status !== 'paid')
        [{ message }] = await ctx.db.select({ message: payouts.message }).from(payouts).where(eq(payouts.id, outcome.payoutId));
    }
    results.push({
      ...base,
      amount: money(outcome.amount, planned.currency),
      status,
      transactionId: outcome.transactionId ?? null,
      message,
    });
  }
  return { results };
}

/** DELETE payment/manual: a manual payment reversed (a new entry), its vendor orders due again. */
export async function deleteManualPayment(ctx: AppContext, auth: AuthContext, transactionId: string) {
  return ctx.db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.id, transactionId), eq(ledgerEntries.storeId, auth.storeId), isNull(ledgerEntries.reversesEntryId)));
    if (!entry) throw notFound(PAYOUT_MESSAGES.notFound);
    if (entry.kind !== 'manual_payment' || !entry.payoutId) throw new AppError('conflict', PAYOUT_MESSAGES.notManual);
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, entry.payoutId)).for('update');
    if (payout.reversedAt) throw notFound(PAYOUT_MESSAGES.notFound);
    const { id: _id, createdAt: _createdAt, ...original } = entry;
    const [reversal] = await tx
      .insert(ledgerEntries)
      .values({ ...original, amount: -entry.amount, reversesEntryId: entry.id, occurredAt: ctx.now(), memo: 'Manual payment deleted' })
      .returning({ id: ledgerEntries.id });
    await tx.update(payouts).set({ reversedAt: ctx.now() }).where(eq(payouts.id, payout.id));
    await tx.update(vendorOrders).set({ payout: 'due', payoutId: null, updatedAt: ctx.now() }).where(eq(vendorOrders.payoutId, payout.id));
    return { transactionId: entry.id, reversedBy: reversal.id };
  });
}
