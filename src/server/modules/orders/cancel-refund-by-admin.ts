import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toAmountText } from '#shared/money';
import { ORDER_ACTION_MESSAGES, type RefundBodySchema } from '#shared/schemas/orders';
import type { z } from 'zod';
import type { AppContext } from '#server/context';
import { orderLines, orders } from '#server/db/schema/index';
import { amountFromBody } from '#server/http/amounts';
import { AppError, badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { cancelOrder } from './cancel-order.ts';
import { getScopedVendorOrder } from './order-scope.ts';
import { refundOrder } from './refund-order.ts';

/**
 * The buyer's order behind a vendor order the admin can see, when it is ours to cancel or refund:
 * orders of the storefront platform are cancelled and refunded there, and reach us by webhook.
 */
export async function localOrderOf(ctx: AppContext, auth: AuthContext, vendorOrderId: string) {
  const part = await getScopedVendorOrder(ctx.db, auth, vendorOrderId);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, part.orderId));
  if (order.source !== 'local') throw new AppError('conflict', ORDER_ACTION_MESSAGES.onPlatform);
  if (order.cancelledAt) throw new AppError('conflict', ORDER_ACTION_MESSAGES.cancelled);
  return order;
}

/** POST orders/{id}/cancel: the whole buyer's order, while nothing of it has shipped. */
export async function cancelOrderByAdmin(ctx: AppContext, auth: AuthContext, vendorOrderId: string) {
  const order = await localOrderOf(ctx, auth, vendorOrderId);
  const lines = await ctx.db.select({ fulfilled: orderLines.fulfilledQuantity }).from(orderLines).where(eq(orderLines.orderId, order.id));
  if (lines.some((l) => l.fulfilled > 0)) throw new AppError('conflict', ORDER_ACTION_MESSAGES.shipped);
  const result = await cancelOrder(ctx.db, auth.storeId, order.id, ctx.now(), 'Cancelled by an admin');
  if (!result.cancelled) throw new AppError('conflict', ORDER_ACTION_MESSAGES.cancelled);
  return { orderId: order.id, cancelledAt: result.cancelledAt.toISOString() };
}

/** POST orders/{id}/refunds: units of the order's lines (any vendor's) and shipping, in one refund. */
export async function refundOrderByAdmin(
  ctx: AppContext,
  auth: AuthContext,
  vendorOrderId: string,
  input: z.output<typeof RefundBodySchema>,
) {
  const order = await localOrderOf(ctx, auth, vendorOrderId);
  const shipping = input.shipping === undefined ? 0 : amountFromBody(input.shipping, order.currency, 'shipping');
  if (input.lines.length === 0 && shipping === 0) throw badRequest(ORDER_ACTION_MESSAGES.nothingToRefund);
  const result = await refundOrder(ctx.db, auth.storeId, order.id, {
    sourceRefundId: randomUUID(),
    lines: input.lines.map((l) => ({ lineId: l.id, quantity: l.quantity, restock: input.restock })),
    shipping,
    at: ctx.now(),
    createdBy: auth.userId,
  });
  return { refundId: result.refundId!, amount: toAmountText(result.amount, order.currency), currency: order.currency };
}
