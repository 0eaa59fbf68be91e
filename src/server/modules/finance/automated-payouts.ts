import { and, asc, eq } from 'drizzle-orm';
import { currencyDecimals, formatMoney, toMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import { orders, stores, vendorOrders, vendors } from '#server/db/schema/index';
import { payableNow } from './payable.ts';
import { pay, preparePayout } from './payouts.ts';
import { activeAdminEmails } from '../notifications/index.ts';
import { readStoreSettings } from '../settings/index.ts';
import { type PayoutTarget, payoutTargets, raiseException } from '../payments/index.ts';
import { PAYMENT_MESSAGES, PAYMENT_PROVIDERS, type PaymentProviderName } from '#shared/schemas/payments';
import { z } from 'zod';
import { defineJob, jobIds } from '#server/jobs/job-kind';

export const AUTOMATED_PAYOUTS_JOB = defineJob('automated-payouts', z.object({ storeId: jobIds.storeId, at: jobIds.isoTime }));
/** The daily check runs at this hour (UTC); weekly schedules pay on Mondays, monthly ones on the 1st. */
const RUN_HOUR_UTC = 6;
/** Orders one run considers (the oldest first); the rest wait for the next run. */
const RUN_ORDER_CAP = 5000;

const DAY_MS = 86_400_000;

function nextRunAt(after: Date): Date {
  const at = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), RUN_HOUR_UTC));
  return at.getTime() > after.getTime() ? at : new Date(at.getTime() + DAY_MS);
}

function isPayoutDay(schedule: 'manual' | 'weekly' | 'monthly', day: Date) {
  return (schedule === 'weekly' && day.getUTCDay() === 1) || (schedule === 'monthly' && day.getUTCDate() === 1);
}

/**
 * Pays, per vendor, its payable orders (paid by the buyer, fulfilled and past the holding period
 * counted from the last shipment: payable.ts), through the vendor's
 * provider (its Stripe account when it can receive payouts, else its PayPal), when the amount
 * reaches the minimum; a vendor neither can pay is listed as an exception; admins get the
 * `marketplace-automated-payments` mail. Safe to run twice: paid orders are no longer due, and
 * each payment goes through `pay`, which records it before the provider hears of it.
 */
export async function runAutomatedPayouts(ctx: AppContext, storeId: string, runKey: string) {
  const settings = await readStoreSettings(ctx.db, storeId);
  const due = await ctx.db
    .select({ vendorId: vendorOrders.vendorId, vendor: vendors.name, orderName: vendorOrders.orderName })
    .from(vendorOrders)
    .innerJoin(vendors, eq(vendors.id, vendorOrders.vendorId))
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .where(and(eq(vendorOrders.storeId, storeId), payableNow(settings.payments, ctx.now())))
    .orderBy(asc(vendorOrders.placedAt), asc(vendorOrders.id))
    .limit(RUN_ORDER_CAP);
  const byVendor = new Map<string, { vendor: string; lines: { orderName: string; vendor: string }[] }>();
  for (const row of due) {
    const group = byVendor.get(row.vendorId) ?? { vendor: row.vendor, lines: [] };
    group.lines.push({ orderName: row.orderName, vendor: row.vendor });
    byVendor.set(row.vendorId, group);
  }

  const payer = { storeId, userId: null };
  const report: { vendor: string; amount: string; method: string; status: string }[] = [];
  const paidTotals = new Map<string, number>();
  let skipped = 0;
  const targets = await payoutTargets(ctx, storeId, [...byVendor.keys()], true);
  for (const [vendorId, { vendor, lines }] of byVendor) {
    const prepared = await preparePayout(ctx, payer, lines);
    // prepare says payable only when the amount reaches the minimum payout.
    const payable = prepared.allocations.filter((a) => a.payable);
    if (payable.length === 0) {
      skipped++;
      continue;
    }
    // Stripe when the vendor's account can receive payouts, else its PayPal; neither is listed for the admins.
    const of = targets(vendorId);
    const method = PAYMENT_PROVIDERS.find((provider) => 'destination' in of[provider]);
    if (!method) {
      skipped++;
      await listNotPayable(ctx, storeId, vendorId, payable, of);
      continue;
    }
    const chosen = lines.filter((line) => payable.some((a) => a.orderNames.includes(line.orderName)));
    const { results } = await pay(ctx, payer, { payoutLines: chosen, methods: { [vendor]: method }, manual: { details: '' } });
    for (const result of results) {
      const minor = toMinorUnits(result.amount, currencyDecimals(result.currency));
      if (result.status !== 'failed') paidTotals.set(result.currency, (paidTotals.get(result.currency) ?? 0) + minor);
      report.push({ vendor: result.vendor, amount: formatMoney(minor, result.currency), method: result.method, status: result.status });
    }
  }
  if (report.length > 0) {
    const date = ctx.now().toISOString().slice(0, 10);
    const total = [...paidTotals].map(([currency, minor]) => formatMoney(minor, currency)).join(', ') || formatMoney(0, settings.currency);
    for (const email of await activeAdminEmails(ctx.db, storeId)) {
      await ctx.mailer.send({
        storeId,
        template: 'marketplace-automated-payments',
        to: email,
        vars: { date, payouts: report, total, link: `${ctx.config.publicUrl}/app/finance` },
        dedupeKey: `${AUTOMATED_PAYOUTS_JOB.type}:${storeId}:${runKey}:${email}`,
      });
    }
  }
  return { paid: report.filter((r) => r.status !== 'failed').length, failed: report.filter((r) => r.status === 'failed').length, skipped };
}

/**
 * A vendor the automated payout could not pay, with why (provider by provider), as one open
 * exception per vendor on the admins' finance screen: the money stays due, and a vendor who never
 * finished its Stripe onboarding would otherwise wait unseen forever.
 */
async function listNotPayable(
  ctx: AppContext,
  storeId: string,
  vendorId: string,
  payable: { amount: string; currency: string }[],
  of: Record<PaymentProviderName, PayoutTarget>,
) {
  const reasons = PAYMENT_PROVIDERS.flatMap((provider) => {
    const target = of[provider];
    return 'message' in target ? [target.message] : [];
  });
  const [first] = payable;
  const isAbsent = (target: PayoutTarget) => 'absent' in target && target.absent;
  await raiseException(ctx.db, ctx.now(), {
    storeId,
    // Filed under the provider there is something to fix at: Stripe, unless the vendor has only PayPal.
    provider: isAbsent(of.stripe) && !isAbsent(of.paypal) ? 'paypal' : 'stripe',
    kind: 'not_payable',
    reason: PAYMENT_MESSAGES.notPaidAutomatically.replace('{reasons}', reasons.join('; ')),
    vendorId,
    amount: toMinorUnits(first.amount, currencyDecimals(first.currency)),
    currency: first.currency,
    key: `automated:${vendorId}:not-payable`,
  });
}

/** POST payment/trigger-automated: the automated payout, now, whatever the schedule says. */
export async function triggerAutomatedPayouts(ctx: AppContext, storeId: string) {
  return runAutomatedPayouts(ctx, storeId, `now-${ctx.now().toISOString()}`);
}

/** Queues a store's next daily check; the time is in the dedupe key, so every process asking queues one. */
export async function scheduleAutomatedPayouts(ctx: AppContext, storeId: string, after = ctx.now()) {
  const at = nextRunAt(after);
  await ctx.jobs.enqueue(
    AUTOMATED_PAYOUTS_JOB,
    { storeId, at: at.toISOString() },
    { runAt: at, dedupeKey: `${AUTOMATED_PAYOUTS_JOB.type}:${storeId}:${at.toISOString()}` },
  );
}

/** At start: every store's next check (the schedule is read when it runs, so changing it needs no re-queueing). */
export async function scheduleAllAutomatedPayouts(ctx: AppContext) {
  for (const { id } of await ctx.db.select({ id: stores.id }).from(stores)) await scheduleAutomatedPayouts(ctx, id);
}

export function registerAutomatedPayouts(ctx: AppContext) {
  ctx.jobs.register(AUTOMATED_PAYOUTS_JOB, async (payload) => {
    const { storeId } = payload;
    const at = new Date(payload.at);
    const { payments } = await readStoreSettings(ctx.db, storeId);
    if (isPayoutDay(payments.schedule, at)) await runAutomatedPayouts(ctx, storeId, at.toISOString());
    await scheduleAutomatedPayouts(ctx, storeId, at);
  });
}
