import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import { ledgerEntries, payouts, vendorOrders } from '#server/db/schema/index';
import { ProviderError, type PayPalBatch, type PayPalRecipientType } from '#server/adapters/payments/types';
import { findPayPal, findStripe } from './provider-keys.ts';
import { z } from 'zod';
import { defineJob } from '#server/jobs/job-kind';

type Payout = typeof payouts.$inferSelect;
export type SettledState = 'paid' | 'failed' | 'pending';

export const PAYOUT_RECOVERY_JOB = defineJob('payouts-recover', z.object({}));
const RECOVERY_EVERY_MS = 60_000;
const RECOVERY_BATCH = 100;

async function markPaid(ctx: AppContext, payout: Payout, providerRef: string | null, message: string | null = null): Promise<SettledState> {
  // Only from pending: whoever confirms second (the request and the recovery at once) changes nothing.
  await ctx.db
    .update(payouts)
    .set({ state: 'paid', paidAt: ctx.now(), providerRef: providerRef ?? payout.providerRef, message })
    .where(and(eq(payouts.id, payout.id), eq(payouts.state, 'pending')));
  return 'paid';
}

/**
 * The provider refused: the payment did not happen. Its ledger entry is reversed by a new entry and
 * its vendor orders are due again, in one transaction, once (only a pending payout fails).
 */
async function markFailed(ctx: AppContext, payout: Payout, message: string): Promise<SettledState> {
  await ctx.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payouts)
      .set({ state: 'failed', message })
      .where(and(eq(payouts.id, payout.id), eq(payouts.state, 'pending')))
      .returning({ id: payouts.id });
    if (!failed) return;
    const entries = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.payoutId, payout.id), eq(ledgerEntries.kind, 'payout'), isNull(ledgerEntries.reversesEntryId)));
    for (const { id, createdAt: _createdAt, ...entry } of entries) {
      await tx.insert(ledgerEntries).values({ ...entry, amount: -entry.amount, reversesEntryId: id, occurredAt: ctx.now(), memo: `Payout failed: ${message}`.slice(0, 500) });
    }
    await tx.update(vendorOrders).set({ payout: 'due', payoutId: null, updatedAt: ctx.now() }).where(and(eq(vendorOrders.storeId, payout.storeId), eq(vendorOrders.payoutId, payout.id)));
  });
  return 'failed';
}

/** An answer that leaves the payment's fate open: it stays pending, the recovery asks again later. */
async function keepPending(ctx: AppContext, payout: Payout, message: string): Promise<SettledState> {
  await ctx.db.update(payouts).set({ message }).where(and(eq(payouts.id, payout.id), eq(payouts.state, 'pending')));
  return 'pending';
}

async function settleStripe(ctx: AppContext, payout: Payout, recovering: boolean): Promise<SettledState> {
  const stripe = await findStripe(ctx, payout.storeId);
  if (!stripe) return keepPending(ctx, payout, 'Stripe is not connected: the payment cannot be checked');
  try {
    if (recovering) {
      // Ask first: the transfer may have been made before the crash.
      const [made] = await stripe.client.listTransfers(payout.id);
      if (made) return markPaid(ctx, payout, made.id);
    }
    // Not found, or the first try: the same Idempotency-Key replays a transfer Stripe already made.
    const transfer = await stripe.client.createTransfer({ amount: payout.amount, currency: payout.currency, destination: payout.destination!, idempotencyKey: payout.id });
    return markPaid(ctx, payout, transfer.id);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === 'unavailable') return keepPending(ctx, payout, error.message);
    // A refusal after an earlier attempt may only mean the key was used: look before failing it.
    const [made] = await stripe.client.listTransfers(payout.id).catch(() => []);
    return made ? markPaid(ctx, payout, made.id) : markFailed(ctx, payout, error.message);
  }
}

const FAILED_ITEM = new Set(['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED']);

function outcomeOf(batch: PayPalBatch): 'paid' | 'failed' | 'pending' {
  if (batch.status === 'DENIED' || batch.status === 'CANCELED' || batch.items.some((i) => FAILED_ITEM.has(i.status))) return 'failed';
  if (batch.items.length > 0 && batch.items.every((i) => i.status === 'SUCCESS')) return 'paid';
  return 'pending';
}

async function settlePayPal(ctx: AppContext, payout: Payout): Promise<SettledState> {
  const paypal = await findPayPal(ctx, payout.storeId);
  if (!paypal) return keepPending(ctx, payout, 'PayPal is not connected: the payment cannot be checked');
  try {
    let batchId = payout.providerRef;
    if (!batchId) {
      const receiver = payout.destination!;
      // Registration keeps e-mails as e-mails and Venmo usernames without "@": the receiver says which it is.
      const receiverType: PayPalRecipientType = receiver.includes('@') ? 'EMAIL' : 'USER_HANDLE';
      const created = await paypal.client.createBatch({
        senderBatchId: payout.id,
        emailSubject: 'You have a payout',
        items: [{ receiver, recipientType: receiverType, amount: formatMinorUnits(payout.amount, currencyDecimals(payout.currency)), currency: payout.currency, senderItemId: payout.id }],
      });
      batchId = created.batchId;
      await ctx.db.update(payouts).set({ providerRef: batchId }).where(and(eq(payouts.id, payout.id), eq(payouts.state, 'pending')));
    }
    const batch = await paypal.client.getBatch(batchId);
    const outcome = outcomeOf(batch);
    if (outcome === 'paid') return markPaid(ctx, { ...payout, providerRef: batchId }, batchId);
    if (outcome === 'failed') return markFailed(ctx, { ...payout, providerRef: batchId }, `PayPal: ${batch.status} ${batch.items.map((i) => i.status).join(', ')}`);
    return keepPending(ctx, payout, `PayPal: ${batch.status}`);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // PayPal has a batch with our sender_batch_id but did not say which: it was sent, and is never sent again.
    if (error.kind === 'duplicate') return markPaid(ctx, payout, null, 'Sent to PayPal earlier; its batch id was not recorded: check it in PayPal');
    if (error.kind === 'unavailable') return keepPending(ctx, payout, error.message);
    return markFailed(ctx, payout, error.message);
  }
}

/**
 * Finishes a provider payout recorded as pending: the provider is called with the payout's id as
 * the idempotency key (Stripe `Idempotency-Key` and transfer group, PayPal `sender_batch_id`), so
 * running this twice, or in two processes at once, pays once. `recovering` asks the provider first.
 */
export async function settlePayout(ctx: AppContext, payoutId: string, recovering = false): Promise<SettledState> {
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout || payout.state !== 'pending') return payout?.state === 'paid' ? 'paid' : 'failed';
  return payout.method === 'stripe' ? settleStripe(ctx, payout, recovering) : settlePayPal(ctx, payout);
}

/** The payouts a crash or an unreachable provider left pending, older than the grace period, each asked about again. */
export async function recoverPayouts(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - ctx.config.payments.recoveryAfterSeconds * 1000);
  const pending = await ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.state, 'pending'), lte(payouts.createdAt, before)))
    .orderBy(asc(payouts.createdAt))
    .limit(RECOVERY_BATCH);
  for (const { id } of pending) await settlePayout(ctx, id, true);
  return pending.length;
}

/** Queues the next recovery pass; the minute is in the dedupe key, so every process asking queues one. */
export async function schedulePayoutRecovery(ctx: AppContext, after = ctx.now()) {
  const at = new Date(Math.ceil((after.getTime() + 1) / RECOVERY_EVERY_MS) * RECOVERY_EVERY_MS);
  await ctx.jobs.enqueue(PAYOUT_RECOVERY_JOB, {}, { runAt: at, dedupeKey: `${PAYOUT_RECOVERY_JOB.type}:${at.toISOString()}` });
}

export function registerPayoutRecovery(ctx: AppContext) {
  ctx.jobs.register(PAYOUT_RECOVERY_JOB, async () => {
    await recoverPayouts(ctx);
    await schedulePayoutRecovery(ctx);
  });
}
