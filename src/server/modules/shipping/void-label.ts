import { and, eq, sql } from 'drizzle-orm';
import { SHIPPING_MESSAGES } from '#shared/schemas/shipping';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { fulfillments, orderLines, platformShipments, shippingLabels, vendorOrders } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { reverseLabelCost } from '../finance/ledger.ts';
import { getScopedVendorOrder } from '../orders/order-scope.ts';
import { providerError } from './provider-errors.ts';
import { getScopedLabel, labelView, type LabelRow } from './shipping-scope.ts';
import { shippingAccountOf } from '../delivery/shippo-accounts.ts';
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

/**
 * POST shippo/label/{id}/void: asks the provider to refund an unused label. Refunded at once: the
 * cost comes back and the shipment is undone; accepted for later (QUEUED/PENDING): the label waits
 * as void_pending and a job asks the provider until it answers. A shipment already on the platform
 * is not undone here.
 */
export async function voidLabel(ctx: AppContext, auth: AuthContext, labelId: string) {
  const found = await getScopedLabel(ctx.db, auth, labelId);
  return ctx.db.transaction(async (tx) => {
    await getScopedVendorOrder(tx, auth, found.vendorOrderId, { forUpdate: true });
    const label = await getScopedLabel(tx, auth, labelId);
    if (label.status !== 'purchased' || !label.purchaseId) throw new AppError('conflict', SHIPPING_MESSAGES.notVoidable);
    if (label.fulfillmentId) {
      const [pushed] = await tx
        .select({ state: platformShipments.state })
        .from(platformShipments)
        .where(and(eq(platformShipments.storeId, label.storeId), eq(platformShipments.fulfillmentId, label.fulfillmentId)));
      if (pushed?.state === 'synced') throw new AppError('conflict', SHIPPING_MESSAGES.syncedToPlatform);
    }
    const account = await shippingAccountOf(ctx, tx, label.storeId, label.keyOwner);
    const refund = await account.refundLabel(label.purchaseId).catch(providerError);
    if (refund.status === 'ERROR') throw new AppError('conflict', SHIPPING_MESSAGES.providerFailed('the label could not be refunded'));
    if (refund.status === 'SUCCESS') {
      const voided = await completeVoid(ctx, tx, { ...label, refundId: refund.id });
      await tx.update(shippingLabels).set({ refundId: refund.id }).where(and(eq(shippingLabels.storeId, label.storeId), eq(shippingLabels.id, label.id)));
      return { label: labelView(voided) };
    }
    const [pending] = await tx
      .update(shippingLabels)
      .set({ status: 'void_pending', refundId: refund.id })
      .where(and(eq(shippingLabels.storeId, label.storeId), eq(shippingLabels.id, label.id)))
      .returning();
    await ctx.jobs.enqueue(LABEL_REFUND_JOB, { storeId: label.storeId, labelId: label.id }, { dedupeKey: `label-refund:${label.id}:${refund.id}`, maxAttempts: 20 }, tx);
    return { label: labelView(pending) };
  });
}

/**
 * The job that follows a refund the provider accepted for later: refunded → the void completes;
 * refused → the label is in use again; still pending → thrown, so the queue asks again with backoff.
 */
export async function followLabelRefund(ctx: AppContext, { storeId, labelId }: z.infer<typeof LABEL_REFUND_JOB.payload>) {
  const [found] = await ctx.db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.storeId, storeId), eq(shippingLabels.id, labelId)));
  if (!found || found.status !== 'void_pending' || !found.refundId) return;
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
    else await tx.update(shippingLabels).set({ status: 'purchased', refundId: null }).where(and(eq(shippingLabels.storeId, storeId), eq(shippingLabels.id, labelId)));
  });
}
