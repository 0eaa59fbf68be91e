import { and, eq, sql } from 'drizzle-orm';
import { SHIPPING_MESSAGES } from '#shared/schemas/shipping';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { fulfillments, orderLines, platformShipments, shippingLabels, vendorOrders } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { reverseLabelCost } from '../finance/index.ts';
import { getScopedVendorOrder } from '../orders/index.ts';
import { LabelRefused, labelErrorMeaning } from './provider-errors.ts';
import { runProviderStep } from '#server/lib/provider-step';
import type { RefundStatus } from '#server/adapters/shipping/types';
import { randomUUID } from 'node:crypto';
import { getScopedLabel, labelView, type LabelRow } from './shipping-scope.ts';
import { shippingAccountOf } from '../delivery/index.ts';
import { z } from 'zod';
import { defineJob, jobIds } from '#server/jobs/job-kind';

export const LABEL_REFUND_JOB = defineJob('shipping.label-refund', z.object({ storeId: jobIds.storeId, labelId: jobIds.id }));

/**
 * A refunded label: its cost back to the vendor (the reversal of its label_cost entry) and its
 * shipment undone (the lines are waiting to ship again), in the caller's transaction with the
 * vendor order locked.
 */
async function completeVoid(ctx: AppContext, tx: Db, label: LabelRow) {
  const now = ctx.now();
  if (label.costEntryId) await reverseLabelCost(tx, label.costEntryId, now, `Shipping label voided ${label.trackingNumber}`.trim());
  if (label.fulfillmentId) {
    const [shipment] = await tx.delete(fulfillments).where(eq(fulfillments.id, label.fulfillmentId)).returning();
    for (const line of shipment?.lines ?? []) {
      await tx
        .update(orderLines)
        .set({ fulfilledQuantity: sql`greatest(${orderLines.fulfilledQuantity} - ${line.quantity}, 0)` })
        .where(eq(orderLines.id, line.lineId));
    }
    const lines = await tx.select().from(orderLines).where(eq(orderLines.vendorOrderId, label.vendorOrderId));
    const shipped = lines.reduce((sum, l) => sum + l.fulfilledQuantity, 0);
    const state = shipped === 0 ? 'unfulfilled' : lines.every((l) => l.fulfilledQuantity >= l.quantity) ? 'fulfilled' : 'partial';
    await tx
      .update(vendorOrders)
      .set({ fulfillment: state, updatedAt: now })
      .where(and(eq(vendorOrders.id, label.vendorOrderId), sql`${vendorOrders.fulfillment} <> 'cancelled'`));
  }
  const [voided] = await tx
    .update(shippingLabels)
    .set({ status: 'voided', voidedAt: now })
    .where(and(eq(shippingLabels.storeId, label.storeId), eq(shippingLabels.id, label.id)))
    .returning();
  return voided;
}

type Refund = { id: string | null; status: RefundStatus };

const labelKey = (label: LabelRow) => and(eq(shippingLabels.storeId, label.storeId), eq(shippingLabels.id, label.id));

/**
 * The provider step of a void asked for (the label waits as void_pending): the refund is asked for
 * outside any transaction; a refund an earlier attempt got is found on the purchase itself
 * (REFUNDED, REFUNDPENDING), since a second request would be refused. Refunded → the void
 * completes; accepted for later → a job follows it; refused → the label is in use again; no answer
 * → the job asks again.
 */
async function refundStep(ctx: AppContext, label: LabelRow, lookFirst: boolean): Promise<LabelRow> {
  const account = await shippingAccountOf(ctx, ctx.db, label.storeId, label.keyOwner);
  const follow = () =>
    ctx.jobs.enqueue(
      LABEL_REFUND_JOB,
      { storeId: label.storeId, labelId: label.id },
      { dedupeKey: `label-refund:${label.id}:${randomUUID()}`, maxAttempts: 20 },
    );
  return runProviderStep<Refund, LabelRow>(
    {
      find: async () => {
        const purchase = (await account.findPurchases(label.rateId)).find((p) => p.id === label.purchaseId);
        if (purchase?.status === 'REFUNDED') return { id: label.refundId, status: 'SUCCESS' };
        if (purchase?.status === 'REFUNDPENDING') return { id: label.refundId, status: 'PENDING' };
        return null;
      },
      call: async () => {
        const refund = await account.refundLabel(label.purchaseId!);
        if (refund.status === 'ERROR') throw new LabelRefused('the label could not be refunded');
        return refund;
      },
      settle: async (refund) => {
        if (refund.status === 'SUCCESS') {
          return ctx.db.transaction(async (tx) => {
            await tx.select({ id: vendorOrders.id }).from(vendorOrders).where(eq(vendorOrders.id, label.vendorOrderId)).for('update');
            const [current] = await tx.select().from(shippingLabels).where(labelKey(label));
            if (current.status !== 'void_pending') return current;
            if (refund.id) await tx.update(shippingLabels).set({ refundId: refund.id }).where(labelKey(label));
            return completeVoid(ctx, tx, { ...current, refundId: refund.id ?? current.refundId });
          });
        }
        const [pending] = await ctx.db
          .update(shippingLabels)
          .set({ refundId: refund.id ?? label.refundId })
          .where(labelKey(label))
          .returning();
        await follow();
        return pending;
      },
      fail: async (reason) => {
        await ctx.db
          .update(shippingLabels)
          .set({ status: 'purchased', refundId: null })
          .where(and(labelKey(label), eq(shippingLabels.status, 'void_pending')));
        throw new AppError('conflict', SHIPPING_MESSAGES.providerFailed(reason));
      },
      keepPending: async () => {
        await follow();
        return label;
      },
      meaning: labelErrorMeaning,
    },
    { lookFirst },
  );
}

/**
 * POST shippo/label/{id}/void: asks the provider to refund an unused label. The void is recorded
 * first (void_pending, with the vendor order locked), the provider asked outside any transaction:
 * refunded at once, the cost comes back and the shipment is undone; accepted for later, or no
 * answer, a job follows it until the provider answers. A shipment already on the platform is not
 * undone here.
 */
export async function voidLabel(ctx: AppContext, auth: AuthContext, labelId: string) {
  const found = await getScopedLabel(ctx.db, auth, labelId);
  const label = await ctx.db.transaction(async (tx) => {
    await getScopedVendorOrder(tx, auth, found.vendorOrderId, { forUpdate: true });
    const current = await getScopedLabel(tx, auth, labelId);
    if (current.status !== 'purchased' || !current.purchaseId) throw new AppError('conflict', SHIPPING_MESSAGES.notVoidable);
    if (current.fulfillmentId) {
      const [pushed] = await tx
        .select({ state: platformShipments.state })
        .from(platformShipments)
        .where(and(eq(platformShipments.storeId, current.storeId), eq(platformShipments.fulfillmentId, current.fulfillmentId)));
      if (pushed?.state === 'synced') throw new AppError('conflict', SHIPPING_MESSAGES.syncedToPlatform);
    }
    // Checked before the provider hears of it: a store without the key gets its error, nothing recorded.
    await shippingAccountOf(ctx, tx, current.storeId, current.keyOwner);
    const [pending] = await tx.update(shippingLabels).set({ status: 'void_pending', refundId: null }).where(labelKey(current)).returning();
    return pending;
  });
  return { label: labelView(await refundStep(ctx, label, false)) };
}

/**
 * The job that follows a void: a refund the provider accepted for later is asked about (refunded →
 * the void completes; refused → the label is in use again; still pending → thrown, so the queue asks
 * again with backoff); a refund whose answer never came is looked for, and asked for again if none.
 */
export async function followLabelRefund(ctx: AppContext, { storeId, labelId }: z.infer<typeof LABEL_REFUND_JOB.payload>) {
  const [found] = await ctx.db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.storeId, storeId), eq(shippingLabels.id, labelId)));
  if (!found || found.status !== 'void_pending') return;
  if (!found.refundId) {
    const after = await refundStep(ctx, found, true).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    if (after?.status === 'void_pending' && !after.refundId) throw new Error(`Label ${labelId}: the refund's outcome is still unknown`);
    return;
  }
  const account = await shippingAccountOf(ctx, ctx.db, storeId, found.keyOwner);
  const refund = await account.getRefund(found.refundId);
  if (refund.status === 'QUEUED' || refund.status === 'PENDING') throw new Error(`Label refund ${refund.id} is still ${refund.status}`);
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: vendorOrders.id }).from(vendorOrders).where(eq(vendorOrders.id, found.vendorOrderId)).for('update');
    const [label] = await tx
      .select()
      .from(shippingLabels)
      .where(and(eq(shippingLabels.storeId, storeId), eq(shippingLabels.id, labelId)));
    if (label.status !== 'void_pending') return;
    if (refund.status === 'SUCCESS') await completeVoid(ctx, tx, label);
    else
      await tx
        .update(shippingLabels)
        .set({ status: 'purchased', refundId: null })
        .where(and(eq(shippingLabels.storeId, storeId), eq(shippingLabels.id, labelId)));
  });
}
