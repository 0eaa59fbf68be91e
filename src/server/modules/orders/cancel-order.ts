import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { orderLines, orders, productVariants, vendorOrders } from '#server/db/schema/index';
import { reverseOrderEntries } from '../finance/index.ts';
import { moveStock } from './stock.ts';

export interface CancelResult {
  /** false: the order was cancelled already; nothing was written. */
  cancelled: boolean;
  cancelledAt: Date;
}

/**
 * Cancels a buyer's order, all its vendors' parts: the order and its vendor orders take the
 * cancelled state, what was neither shipped nor refunded goes back into our tracked stock, and
 * every ledger entry of the order gets its reversing entry (sales, commission, refunds alike, so the
 * order nets to zero for each vendor; a payout already made stays, and the vendor's balance goes
 * negative for the next payout to net). The order row is locked first: a cancellation delivered
 * twice, or racing a refund, acts once.
 */
export async function cancelOrder(db: Db, storeId: string, orderId: string, at: Date, memo = 'Order cancelled'): Promise<CancelResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ cancelledAt: orders.cancelledAt, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)))
      .for('update');
    if (order.cancelledAt) return { cancelled: false, cancelledAt: order.cancelledAt };
    // An unpaid order cancelled will never be paid: its card session, if any, no longer counts.
    await tx
      .update(orders)
      .set({ cancelledAt: at, ...(order.paymentStatus === 'paid' ? {} : { paymentStatus: 'voided' as const, paymentExpiresAt: null }) })
      .where(eq(orders.id, orderId));
    const parts = await tx
      .update(vendorOrders)
      .set({ fulfillment: 'cancelled', updatedAt: at })
      .where(eq(vendorOrders.orderId, orderId))
      .returning({ id: vendorOrders.id });

    const lines = await tx
      .select({ line: orderLines, trackStock: productVariants.trackStock })
      .from(orderLines)
      .innerJoin(productVariants, eq(productVariants.id, orderLines.variantId))
      .where(eq(orderLines.orderId, orderId));
    await moveStock(
      tx,
      lines
        .filter((l) => l.trackStock)
        .map(({ line }) => ({
          variantId: line.variantId!,
          productId: line.productId!,
          delta: Math.max(0, line.quantity - line.refundedQuantity - line.fulfilledQuantity),
        })),
    );
    await reverseOrderEntries(
      tx,
      parts.map((p) => p.id),
      at,
      memo,
    );
    return { cancelled: true, cancelledAt: at };
  });
}

/** The buyer's order behind a platform order id, or null when it never reached us (not ours). */
export async function findPlatformOrder(db: Db, storeId: string, source: 'local' | 'shopify', platformOrderId: string) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.source, source), eq(orders.platformOrderId, platformOrderId)));
  return order ?? null;
}
