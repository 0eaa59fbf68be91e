import { ORDER_ACTION_MESSAGES, type MarkPaidAnswer } from '#shared/schemas/orders';
import type { AppContext } from '#server/context';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { localOrderOf } from './cancel-refund-by-admin.ts';
import { recordOrderPayment } from './record-order-payment.ts';

/**
 * POST orders/{id}/mark-paid (admins): the buyer paid a built-in storefront order outside the
 * checkout (a bank transfer arrived, cash on delivery was handed over), as the platform's own
 * "mark as paid" does; the whole order, every vendor's part, becomes vendor money now. A platform
 * order's payment is the platform's to say.
 */
export async function markOrderPaid(ctx: AppContext, auth: AuthContext, vendorOrderId: string): Promise<MarkPaidAnswer> {
  const order = await localOrderOf(ctx, auth, vendorOrderId);
  const paidAt = ctx.now();
  const outcome = await recordOrderPayment(ctx, auth.storeId, order.id, paidAt);
  if (outcome === 'already-paid') throw new AppError('conflict', ORDER_ACTION_MESSAGES.alreadyPaid);
  if (outcome !== 'paid') throw new AppError('conflict', ORDER_ACTION_MESSAGES.cancelled);
  return { orderId: order.id, paymentStatus: 'paid', paidAt: paidAt.toISOString() };
}
