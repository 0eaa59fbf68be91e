import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { orderLines, orders, vendorOrders } from '#server/db/schema/index';
import { recordOrderArrival } from '../finance/index.ts';
import { readStoreSettings } from '../settings/index.ts';

export type PaymentOutcome = 'paid' | 'already-paid' | 'cancelled' | 'not-found';

/**
 * An order's money is collected (the card provider's event, an admin's mark-as-paid, the
 * platform's financial_status): the order becomes paid and each vendor part's entries are written
 * to the ledger now, dated by the payment, from the lines as frozen on the order (their commission
 * as an admin may have changed it since) under the store's financeConfig of this moment. The order
 * row is locked first, so two deliveries of the news write the entries once. A cancelled or voided
 * order is not made paid.
 */
export async function recordOrderPayment(
  ctx: AppContext,
  storeId: string,
  orderId: string,
  paidAt: Date,
  db: Db = ctx.db,
): Promise<PaymentOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.paymentStatus, cancelledAt: orders.cancelledAt, currency: orders.currency, name: orders.name })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)))
      .for('update');
    if (!order) return 'not-found';
    if (order.status === 'paid') return 'already-paid';
    if (order.cancelledAt || order.status === 'voided') return 'cancelled';
    await tx
      .update(orders)
      .set({ paymentStatus: 'paid', paidAt, paymentExpiresAt: null })
      .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)));
    const { financeConfig } = await readStoreSettings(tx, storeId);
    const parts = await tx
      .select()
      .from(vendorOrders)
      .where(and(eq(vendorOrders.orderId, orderId), eq(vendorOrders.storeId, storeId)))
      .orderBy(asc(vendorOrders.id));
    const lines = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.storeId, storeId)))
      .orderBy(asc(orderLines.position));
    for (const part of parts) {
      await recordOrderArrival(
        tx,
        { storeId, vendorId: part.vendorId, currency: order.currency, orderId, vendorOrderId: part.id, orderName: part.orderName },
        lines
          .filter((l) => l.vendorOrderId === part.id)
          .map((l) => ({
            id: l.id,
            price: l.price,
            quantity: l.quantity,
            discount: l.discount,
            tax: l.tax,
            commission: l.commission,
            vendorDiscount: l.vendorDiscount,
          })),
        part.shipping,
        financeConfig,
        paidAt,
      );
    }
    return 'paid';
  });
}
