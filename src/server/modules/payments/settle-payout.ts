import { and, asc, eq, inArray, isNull, lte, not } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import { ledgerEntries, payouts, vendorOrders, type PayoutExceptionKind, type PayoutState } from '#server/db/schema/index';
import {
  ProviderError,
  providerErrorMeaning,
  type PayPalBatch,
  type PayPalRecipientType,
  type StripeTransfer,
} from '#server/adapters/payments/types';
import { runProviderStep } from '#server/lib/provider-step';
import { findPayPal, findStripe } from './provider-keys.ts';
import { openDoubt, raiseException } from './payout-exceptions.ts';
import { z } from 'zod';
import { defineJob } from '#server/jobs/job-kind';

export type Payout = typeof payouts.$inferSelect;
export type SettledState = 'paid' | 'failed' | 'pending';

export const PAYOUT_RECOVERY_JOB = defineJob('payouts-recover', z.object({}));
const RECOVERY_EVERY_MS = 60_000;
const RECOVERY_BATCH = 100;

export async function markPaid(
  ctx: AppContext,
  payout: Payout,
  providerRef: string | null,
  message: string | null = null,
): Promise<SettledState> {
  // Only from pending: whoever confirms second (the request and the recovery at once) changes nothing.
  await ctx.db
    .update(payouts)
    .set({ state: 'paid', paidAt: ctx.now(), providerRef: providerRef ?? payout.providerRef, message })
    .where(and(eq(payouts.id, payout.id), eq(payouts.state, 'pending')));
  return 'paid';
}

export interface Reversal {
  /** The states it may leave: a refusal fails a pending payout; a provider's return or reversal also undoes a paid one. */
  from: PayoutState[];
  to: 'failed' | 'returned';
  message: string;
  /** Listed for the admins with the provider's reason; none when an admin decided it. */
  exception: { kind: PayoutExceptionKind; providerRef?: string | null } | null;
}

/**
 * The payment did not happen, or came back: its ledger entry is reversed by a new entry, its vendor
 * orders are due again and (unless an admin decided it) it is listed as an exception, in one
 * transaction, once (only from the states named). Answers whether this call did it.
 */
export async function reversePayout(ctx: AppContext, payout: Payout, reversal: Reversal): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(payouts)
      .set({ state: reversal.to, message: reversal.message.slice(0, 1000) })
      .where(and(eq(payouts.id, payout.id), eq(payouts.storeId, payout.storeId), inArray(payouts.state, reversal.from)))
      .returning({ id: payouts.id });
    if (!changed) return false;
    const entries = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.payoutId, payout.id), eq(ledgerEntries.kind, 'payout'), isNull(ledgerEntries.reversesEntryId)));
    for (const { id, createdAt: _createdAt, ...entry } of entries) {
      const memo = `${reversal.to === 'failed' ? 'Payout failed' : 'Payout returned'}: ${reversal.message}`.slice(0, 500);
      await tx
        .insert(ledgerEntries)
        .values({ ...entry, amount: -entry.amount, reversesEntryId: id, occurredAt: ctx.now(), memo })
        .onConflictDoNothing();
    }
    await tx
      .update(vendorOrders)
      .set({ payout: 'due', payoutId: null, updatedAt: ctx.now() })
      .where(and(eq(vendorOrders.storeId, payout.storeId), eq(vendorOrders.payoutId, payout.id)));
    if (reversal.exception) {
      await raiseException(tx, ctx.now(), {
        storeId: payout.storeId,
        provider: payout.method === 'paypal' ? 'paypal' : 'stripe',
        kind: reversal.exception.kind,
        reason: reversal.message,
        payoutId: payout.id,
        vendorId: payout.vendorId,
        providerRef: reversal.exception.providerRef ?? payout.providerRef,
        amount: payout.amount,
        currency: payout.currency,
        key: `payout:${payout.id}:${reversal.exception.kind}`,
      });
    }
    return true;
  });
}

const fail = async (ctx: AppContext, payout: Payout, message: string, providerRef?: string | null): Promise<SettledState> => {
  await reversePayout(ctx, payout, { from: ['pending'], to: 'failed', message, exception: { kind: 'failed', providerRef } });
  return 'failed';
};

/** An answer that leaves the payment's fate open: it stays pending, the recovery asks again later. */
async function keepPending(ctx: AppContext, payout: Payout, message: string): Promise<SettledState> {
  await ctx.db
    .update(payouts)
    .set({ message })
    .where(and(eq(payouts.id, payout.id), eq(payouts.state, 'pending')));
  return 'pending';
}

/**
 * The provider cannot tell us whether it paid (PayPal has a batch under our id but did not say
 * which): never paid again, never counted paid on faith. It stays pending, out of the recovery's
 * round, as an exception an admin answers from the provider's dashboard.
 */
async function holdInDoubt(ctx: AppContext, payout: Payout, reason: string): Promise<SettledState> {
  await keepPending(ctx, payout, reason);
  await raiseException(ctx.db, ctx.now(), {
    storeId: payout.storeId,
    provider: payout.method === 'paypal' ? 'paypal' : 'stripe',
    kind: 'in_doubt',
    reason,
    payoutId: payout.id,
    vendorId: payout.vendorId,
    providerRef: payout.providerRef,
    amount: payout.amount,
    currency: payout.currency,
    key: `payout:${payout.id}:in_doubt`,
  });
  return 'pending';
}

async function settleStripe(ctx: AppContext, payout: Payout, recovering: boolean): Promise<SettledState> {
  const stripe = await findStripe(ctx, payout.storeId);
  if (!stripe) return keepPending(ctx, payout, 'Stripe is not connected: the payment cannot be checked');
  return runProviderStep<StripeTransfer, SettledState>(
    {
      // The transfer group is our payout id: what an earlier attempt made is found by it.
      find: async () => (await stripe.client.listTransfers(payout.id))[0] ?? null,
      // The same Idempotency-Key replays a transfer Stripe already made.
      call: () =>
        stripe.client.createTransfer({
          amount: payout.amount,
          currency: payout.currency,
          destination: payout.destination!,
          idempotencyKey: payout.id,
        }),
      settle: (transfer) => markPaid(ctx, payout, transfer.id),
      fail: (reason) => fail(ctx, payout, reason),
      keepPending: (reason) => keepPending(ctx, payout, reason),
      meaning: providerErrorMeaning,
    },
    { lookFirst: recovering },
  );
}

const FAILED_ITEM = new Set(['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED']);

function outcomeOf(batch: PayPalBatch): 'paid' | 'failed' | 'pending' {
  if (batch.status === 'DENIED' || batch.status === 'CANCELED' || batch.items.some((i) => FAILED_ITEM.has(i.status))) return 'failed';
  if (batch.items.length > 0 && batch.items.every((i) => i.status === 'SUCCESS')) return 'paid';
  return 'pending';
}

/** PayPal's reason for a failed batch: its items' statuses and errors. */
const paypalReason = (batch: PayPalBatch) =>
  `PayPal: ${batch.status} ${batch.items.map((i) => [i.status, i.error].filter(Boolean).join(' ')).join(', ')}`.trim();

type PayPalAnswer = { batch: PayPalBatch } | { duplicate: string };

async function settlePayPal(ctx: AppContext, payout: Payout): Promise<SettledState> {
  const paypal = await findPayPal(ctx, payout.storeId);
  if (!paypal) return keepPending(ctx, payout, 'PayPal is not connected: the payment cannot be checked');
  let batchId = payout.providerRef;
  return runProviderStep<PayPalAnswer, SettledState>(
    {
      call: async () => {
        if (!batchId) {
          const receiver = payout.destination!;
          // Registration keeps e-mails as e-mails and Venmo usernames without "@": the receiver says which it is.
          const receiverType: PayPalRecipientType = receiver.includes('@') ? 'EMAIL' : 'USER_HANDLE';
          try {
            const created = await paypal.client.createBatch({
              senderBatchId: payout.id,
              emailSubject: 'You have a payout',
              items: [
                {
                  receiver,
                  recipientType: receiverType,
                  amount: formatMinorUnits(payout.amount, currencyDecimals(payout.currency)),
                  currency: payout.currency,
                  senderItemId: payout.id,
                },
              ],
            });
            batchId = created.batchId;
          } catch (error) {
            // PayPal has a batch under our sender_batch_id but does not say which, nor how it went.
            if (error instanceof ProviderError && error.kind === 'duplicate') return { duplicate: error.message };
            throw error;
          }
          await ctx.db
            .update(payouts)
            .set({ providerRef: batchId })
            .where(and(eq(payouts.id, payout.id), eq(payouts.state, 'pending')));
        }
        return { batch: await paypal.client.getBatch(batchId) };
      },
      settle: (answer) => {
        if ('duplicate' in answer)
          return holdInDoubt(
            ctx,
            payout,
            `PayPal already has a batch for this payout but did not say which (${answer.duplicate}): check it in PayPal`,
          );
        const withRef = { ...payout, providerRef: batchId };
        const outcome = outcomeOf(answer.batch);
        if (outcome === 'paid') return markPaid(ctx, withRef, batchId);
        if (outcome === 'failed') return fail(ctx, withRef, paypalReason(answer.batch), batchId);
        return keepPending(ctx, payout, `PayPal: ${answer.batch.status}`);
      },
      fail: (reason) => fail(ctx, payout, reason),
      keepPending: (reason) => keepPending(ctx, payout, reason),
      meaning: providerErrorMeaning,
    },
    { lookFirst: false },
  );
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

/** An admin's answer to a payout in doubt, read from the provider's dashboard. */
export async function answerDoubt(ctx: AppContext, storeId: string, payoutId: string, outcome: 'paid' | 'not_paid', note: string) {
  const [payout] = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.storeId, storeId), eq(payouts.id, payoutId), eq(payouts.state, 'pending')));
  if (!payout) return;
  const message = note || (outcome === 'paid' ? 'Confirmed paid by an admin' : 'Confirmed not paid by an admin');
  if (outcome === 'paid') await markPaid(ctx, payout, null, message);
  else await reversePayout(ctx, payout, { from: ['pending'], to: 'failed', message, exception: null });
}

/** The payouts a crash or an unreachable provider left pending, older than the grace period, each asked about again (not those an admin must answer). */
export async function recoverPayouts(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - ctx.config.payments.recoveryAfterSeconds * 1000);
  const pending = await ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.state, 'pending'), lte(payouts.createdAt, before), not(openDoubt(payouts.id))))
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
