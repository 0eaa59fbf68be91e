import { and, asc, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { offers } from '#server/db/schema/index';
import { defineJob, jobIds } from '#server/jobs/job-kind';
import { moveStock } from '../orders/index.ts';
import { recordEvent, SYSTEM } from './offer-history.ts';
import { mailOffer } from './offer-mails.ts';
import { isOpen, lockOffer, OPEN_OFFER } from './offer-scope.ts';

export const OFFER_EXPIRY_JOB = defineJob('offers.expire', z.object({ storeId: jobIds.storeId }));
const MINUTE_MS = 60_000;
const SWEEP_BATCH = 200;

/**
 * One durable sweep per store and minute at which something lapses: every offer that sets a deadline
 * asks for the sweep of its minute (rounded up), and the dedupe key makes all offers of one minute
 * share one job (dedupe keys are kept for good, so the key names the minute).
 */
export async function scheduleExpiry(ctx: AppContext, tx: Db, storeId: string, at: Date) {
  const minute = Math.ceil(at.getTime() / MINUTE_MS) * MINUTE_MS;
  await ctx.jobs.enqueue(OFFER_EXPIRY_JOB, { storeId }, { dedupeKey: `offers-expire:${storeId}:${minute}`, runAt: new Date(minute) }, tx);
}

export function registerOfferExpiry(ctx: AppContext) {
  ctx.jobs.register(OFFER_EXPIRY_JOB, async ({ storeId }) => {
    // Batch after batch: each lapsed offer leaves the due set, so the loop ends.
    let swept: number;
    do swept = await expireDueOffers(ctx, storeId);
    while (swept === SWEEP_BATCH);
  });
}

/**
 * Lapses the store's offers whose time is up: a pending or countered offer nobody answered, or an
 * accepted one whose checkout did not come; their reserved stock goes back. The status becomes
 * rejected (the spec's statuses), the history says expired. Returns how many it looked at.
 */
export async function expireDueOffers(ctx: AppContext, storeId: string): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.storeId, storeId), OPEN_OFFER, lte(offers.expiresAt, now)))
    .orderBy(asc(offers.expiresAt))
    .limit(SWEEP_BATCH);
  for (const { id } of due) {
    await ctx.db.transaction(async (tx) => {
      const { row, variant } = await lockOffer(tx, eq(offers.storeId, storeId), id);
      if (!isOpen(row) || !row.expiresAt || row.expiresAt > now) return;
      if (row.reservedStock && variant)
        await moveStock(tx, [{ variantId: variant.id, productId: variant.productId, delta: row.reservedStock }]);
      const [expired] = await tx
        .update(offers)
        .set({ status: 'rejected', reservedStock: 0, expiresAt: null, updatedAt: now })
        .where(and(eq(offers.storeId, storeId), eq(offers.id, id)))
        .returning();
      await recordEvent(tx, row, 'expired', SYSTEM, null, now);
      // A lapsed offer tells its buyer; a lapsed checkout was the buyer's own choice.
      if (row.status !== 'accepted') await mailOffer(ctx, tx, expired, 'rejected', 'expired');
    });
  }
  return due.length;
}
