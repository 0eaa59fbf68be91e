import { and, eq, gte, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import { paymentProviderKeys, payouts } from '#server/db/schema/index';
import { defineJob, jobIds } from '#server/jobs/job-kind';
import { ProviderError, type PayPalBatch } from '#server/adapters/payments/types';
import { raiseException } from './payout-exceptions.ts';
import { ensurePayoutWebhooks } from './payout-webhooks.ts';
import { findPayPal, findStripe } from './provider-keys.ts';

export const RECONCILE_PAYOUTS_JOB = defineJob('payouts-reconcile', z.object({ storeId: jobIds.storeId, at: jobIds.isoTime }));
/** The daily comparison runs at this hour (UTC), before the automated payouts. */
const RUN_HOUR_UTC = 5;
const DAY_MS = 86_400_000;
/** How far back each day's comparison looks: a month of payouts, and a day more for clocks. */
const WINDOW_DAYS = 31;
/** A payout younger than this may still be on its way at the provider: not a mismatch yet. */
const SETTLING_MS = 60 * 60_000;

const money = (minor: number, currency: string) => `${formatMinorUnits(minor, currencyDecimals(currency))} ${currency}`;

/**
 * Compares a store's provider payouts of the last month with the providers' records and lists every
 * difference as an exception (once while open): Stripe transfers (a paid payout with no transfer,
 * another amount, reversed; a transfer we did not record as paid), PayPal batches (a paid payout
 * whose batch failed, a pending one the batch settled, a batch PayPal does not know). Also registers
 * the store's payout webhooks when an earlier try failed. Answers the differences found.
 */
export async function reconcilePayouts(ctx: AppContext, storeId: string): Promise<number> {
  await ensurePayoutWebhooks(ctx, storeId);
  const now = ctx.now();
  const since = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const settled = (p: { createdAt: Date }) => now.getTime() - p.createdAt.getTime() > SETTLING_MS;
  let found = 0;
  const mismatch = async (input: {
    provider: 'stripe' | 'paypal';
    reason: string;
    key: string;
    payoutId?: string;
    vendorId?: string;
    providerRef?: string | null;
    amount?: number;
    currency?: string;
  }) => {
    found++;
    await raiseException(ctx.db, now, { storeId, kind: 'mismatch', ...input, key: `reconcile:${input.key}` });
  };
  const ours = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.storeId, storeId), gte(payouts.createdAt, since)));

  const stripe = await findStripe(ctx, storeId);
  if (stripe) {
    const transfers = await stripe.client.listTransfersSince(new Date(since.getTime() - DAY_MS));
    const byPayout = new Map(transfers.map((t) => [t.payoutId ?? t.transferGroup ?? '', t]));
    const known = new Map(ours.filter((p) => p.method === 'stripe').map((p) => [p.id, p]));
    for (const payout of known.values()) {
      const transfer = byPayout.get(payout.id);
      const base = {
        provider: 'stripe' as const,
        payoutId: payout.id,
        vendorId: payout.vendorId,
        amount: payout.amount,
        currency: payout.currency,
      };
      if (payout.state === 'paid' && !transfer && settled(payout)) {
        await mismatch({
          ...base,
          reason: `Paid here, but Stripe has no transfer for it${payout.providerRef ? ` (${payout.providerRef})` : ''}`,
          key: `${payout.id}:missing`,
          providerRef: payout.providerRef,
        });
      } else if (transfer && payout.state === 'paid' && transfer.amount !== payout.amount) {
        await mismatch({
          ...base,
          reason: `Stripe transferred ${money(transfer.amount, transfer.currency)}, ${money(payout.amount, payout.currency)} here`,
          key: `${payout.id}:amount`,
          providerRef: transfer.id,
        });
      } else if (transfer && payout.state === 'paid' && transfer.amountReversed > 0) {
        await mismatch({
          ...base,
          reason: `Stripe reversed ${money(transfer.amountReversed, transfer.currency)} of the transfer; it is paid here`,
          key: `${payout.id}:reversed`,
          providerRef: transfer.id,
        });
      } else if (transfer && transfer.amountReversed < transfer.amount && (payout.state === 'failed' || payout.state === 'returned')) {
        await mismatch({
          ...base,
          reason: `Stripe made the transfer, but it is ${payout.state} here`,
          key: `${payout.id}:not-paid`,
          providerRef: transfer.id,
        });
      }
    }
    for (const transfer of transfers) {
      const payoutId = transfer.payoutId ?? transfer.transferGroup;
      if (payoutId && known.has(payoutId)) continue;
      await mismatch({
        provider: 'stripe',
        reason: `Stripe made a transfer to ${transfer.destination} that no payout here knows`,
        key: `transfer:${transfer.id}`,
        providerRef: transfer.id,
        amount: transfer.amount,
        currency: transfer.currency,
      });
    }
  }

  const paypal = await findPayPal(ctx, storeId);
  if (paypal) {
    for (const payout of ours.filter((p) => p.method === 'paypal' && p.providerRef && settled(p))) {
      const base = {
        provider: 'paypal' as const,
        payoutId: payout.id,
        vendorId: payout.vendorId,
        amount: payout.amount,
        currency: payout.currency,
        providerRef: payout.providerRef,
      };
      let batch: PayPalBatch;
      try {
        batch = await paypal.client.getBatch(payout.providerRef!);
      } catch (error) {
        // No answer today: asked again tomorrow. A refusal (PayPal does not know the batch) is a difference.
        if (!(error instanceof ProviderError) || error.kind === 'unavailable') {
          if (error instanceof ProviderError) continue;
          throw error;
        }
        await mismatch({
          ...base,
          reason: `PayPal does not answer for batch ${payout.providerRef}: ${error.message}`,
          key: `${payout.id}:batch`,
        });
        continue;
      }
      const statuses = batch.items.map((i) => i.status);
      const allPaid = statuses.length > 0 && statuses.every((s) => s === 'SUCCESS');
      if (payout.state === 'paid' && !allPaid)
        await mismatch({
          ...base,
          reason: `Paid here, but PayPal says ${batch.status} ${statuses.join(', ')}`.trim(),
          key: `${payout.id}:state`,
        });
      if (payout.state !== 'paid' && allPaid)
        await mismatch({ ...base, reason: `PayPal paid it, but it is ${payout.state} here`, key: `${payout.id}:state` });
    }
  }
  return found;
}

function nextRunAt(after: Date): Date {
  const at = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), RUN_HOUR_UTC));
  return at.getTime() > after.getTime() ? at : new Date(at.getTime() + DAY_MS);
}

/** Queues a store's next daily comparison; the time is in the dedupe key, so every process asking queues one. */
export async function scheduleReconciliation(ctx: AppContext, storeId: string, after = ctx.now()) {
  const at = nextRunAt(after);
  await ctx.jobs.enqueue(
    RECONCILE_PAYOUTS_JOB,
    { storeId, at: at.toISOString() },
    { runAt: at, dedupeKey: `${RECONCILE_PAYOUTS_JOB.type}:${storeId}:${at.toISOString()}` },
  );
}

/** At start: the next comparison of every store with a payment provider. */
export async function scheduleAllReconciliations(ctx: AppContext) {
  const stores = await ctx.db
    .selectDistinct({ storeId: paymentProviderKeys.storeId })
    .from(paymentProviderKeys)
    .where(isNotNull(paymentProviderKeys.storeId));
  for (const { storeId } of stores) await scheduleReconciliation(ctx, storeId);
}

export function registerReconciliation(ctx: AppContext) {
  ctx.jobs.register(RECONCILE_PAYOUTS_JOB, async ({ storeId, at }) => {
    await reconcilePayouts(ctx, storeId);
    await scheduleReconciliation(ctx, storeId, new Date(at));
  });
}
