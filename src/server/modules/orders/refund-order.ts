import { and, eq, inArray } from 'drizzle-orm';
import { allocate, shareOfUnits } from '#shared/money';
import { ORDER_ACTION_MESSAGES } from '#shared/schemas/orders';
import type { Db } from '#server/db/client';
import { orderLines, orderRefunds, orders, productVariants, vendorOrders } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { recordLineRefund, recordShippingRefund, shippingLeft, type VendorOrderRef } from '../finance/index.ts';
import { readStoreSettings } from '../settings/index.ts';
import { moveStock } from './stock.ts';

export interface RefundRequest {
  /** The refund's id at its source (the platform's refund id; ours for an admin's refund): a second delivery is one refund. */
  sourceRefundId: string;
  lines: { lineId: string; quantity: number; restock: boolean }[];
  /** Shipping refunded (minor units), shared among the vendor parts by what is left of their shipping. */
  shipping: number;
  at: Date;
  createdBy?: string | null;
  /** The platform is the truth for its own refunds: more than is left is cut to what is left instead of refused. */
  clamp?: boolean;
}

export interface RefundResult {
  /** null: nothing written (the same refund again, or the order is cancelled). */
  refundId: string | null;
  /** What the buyer gets back, minor units: goods − their discount + their tax + shipping. */
  amount: number;
}

/**
 * Refunds units of an order's lines and part of its shipping: the refunded quantities are counted on
 * the lines, the stock comes back where asked, each vendor's ledger gets the refund entries
 * (finance/ledger.ts), and a vendor part whose every unit is refunded takes the cancelled state. The
 * order row is locked first, so two refunds of the same units cannot both pass the check.
 */
export async function refundOrder(db: Db, storeId: string, orderId: string, request: RefundRequest): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ cancelledAt: orders.cancelledAt, currency: orders.currency, name: orders.name, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)))
      .for('update');
    if (order.cancelledAt) {
      if (request.clamp) return { refundId: null, amount: 0 };
      throw new AppError('conflict', ORDER_ACTION_MESSAGES.cancelled);
    }
    // Nothing was collected, so nothing is given back: an unpaid order is cancelled instead (the platform refunds only what it took).
    if (order.paymentStatus !== 'paid') {
      if (request.clamp) return { refundId: null, amount: 0 };
      throw new AppError('conflict', ORDER_ACTION_MESSAGES.unpaid);
    }
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        storeId,
        orderId,
        sourceRefundId: request.sourceRefundId,
        lines: request.lines.map(({ lineId, quantity }) => ({ lineId, quantity })),
        createdBy: request.createdBy ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: orderRefunds.id });
    if (!refund) return { refundId: null, amount: 0 };

    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const parts = await tx.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
    const refOf = (vendorOrderId: string): VendorOrderRef => {
      const part = parts.find((p) => p.id === vendorOrderId)!;
      return { storeId, vendorId: part.vendorId, currency: order.currency, orderId, vendorOrderId, orderName: part.orderName };
    };
    let amount = 0;
    const restock: { variantId: string; productId: string; delta: number }[] = [];
    for (const [index, wanted] of request.lines.entries()) {
      const line = lines.find((l) => l.id === wanted.lineId);
      if (!line)
        throw new AppError('bad_request', ORDER_ACTION_MESSAGES.unknownLine, [
          { path: `lines.${index}.id`, message: ORDER_ACTION_MESSAGES.unknownLine },
        ]);
      const left = line.quantity - line.refundedQuantity;
      const quantity = request.clamp ? Math.min(wanted.quantity, left) : wanted.quantity;
      if (quantity > left)
        throw new AppError('conflict', ORDER_ACTION_MESSAGES.tooManyRefunded, [
          { path: `lines.${index}.quantity`, message: ORDER_ACTION_MESSAGES.tooManyRefunded },
        ]);
      if (quantity <= 0) continue;
      await recordLineRefund(tx, refOf(line.vendorOrderId), {
        refundId: refund.id,
        line,
        alreadyRefunded: line.refundedQuantity,
        quantity,
        occurredAt: request.at,
      });
      const share = (total: number) => shareOfUnits(total, line.quantity, line.refundedQuantity, quantity);
      amount += share(line.price * line.quantity) - share(line.discount) + share(line.tax);
      line.refundedQuantity += quantity;
      await tx.update(orderLines).set({ refundedQuantity: line.refundedQuantity }).where(eq(orderLines.id, line.id));
      if (wanted.restock && line.variantId && line.productId)
        restock.push({ variantId: line.variantId, productId: line.productId, delta: quantity });
    }

    if (request.shipping > 0) {
      const lefts = await Promise.all(parts.map((p) => shippingLeft(tx, p.id)));
      const available = lefts.reduce((a, b) => a + b, 0);
      const shipping = request.clamp ? Math.min(request.shipping, available) : request.shipping;
      if (shipping > available)
        throw new AppError('conflict', ORDER_ACTION_MESSAGES.tooManyRefunded, [
          { path: 'shipping', message: ORDER_ACTION_MESSAGES.tooManyRefunded },
        ]);
      const { financeConfig } = await readStoreSettings(tx, storeId);
      const shares = shipping > 0 ? allocate(shipping, lefts) : [];
      for (const [index, part] of parts.entries()) {
        if (shares[index] > 0)
          await recordShippingRefund(tx, refOf(part.id), {
            refundId: refund.id,
            amount: shares[index],
            occurredAt: request.at,
            config: financeConfig,
          });
      }
      amount += shipping;
    }

    const tracked = restock.length
      ? new Set(
          (
            await tx
              .select({ id: productVariants.id })
              .from(productVariants)
              .where(
                and(
                  inArray(
                    productVariants.id,
                    restock.map((r) => r.variantId),
                  ),
                  eq(productVariants.trackStock, true),
                ),
              )
          ).map((v) => v.id),
        )
      : new Set<string>();
    await moveStock(
      tx,
      restock.filter((r) => tracked.has(r.variantId)),
    );
    const fullyRefunded = parts
      .filter((p) => lines.filter((l) => l.vendorOrderId === p.id).every((l) => l.refundedQuantity >= l.quantity))
      .map((p) => p.id);
    if (fullyRefunded.length)
      await tx.update(vendorOrders).set({ fulfillment: 'cancelled', updatedAt: request.at }).where(inArray(vendorOrders.id, fullyRefunded));
    return { refundId: refund.id, amount };
  });
}
