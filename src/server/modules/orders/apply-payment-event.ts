import { and, eq } from 'drizzle-orm';
import { fromStripeAmount } from '#server/adapters/payments/stripe-amounts';
import type { AppContext } from '#server/context';
import { membershipEvents, orders } from '#server/db/schema/index';
import { isUuid } from '#server/lib/is-uuid';
import { expireCheckout } from './checkout-payment.ts';
import { recordOrderPayment } from './record-order-payment.ts';

interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** The checkout session events that settle a card order. */
const PAYMENT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired']);

/** The order a payment-mode checkout session is for (its metadata, as openCardPayment set it), or null when the event is not a card order's. */
export function orderOfPaymentEvent(event: StripeEvent): string | null {
  const session = event.data.object;
  if (!PAYMENT_EVENTS.has(event.type) || session.mode !== 'payment') return null;
  const metadata = session.metadata && typeof session.metadata === 'object' ? (session.metadata as Record<string, unknown>) : {};
  const orderId = metadata.order_id ?? session.client_reference_id;
  return typeof orderId === 'string' && isUuid(orderId) ? orderId : null;
}

/**
 * A verified Stripe event about a card order, applied once per event id (kept with the
 * membership's events, in the same transaction): a completed session whose money is in
 * (payment_status paid, for the order's amount and currency) makes the order paid; an expired one
 * voids the order and returns its stock, unless a newer session took its place.
 */
export async function applyPaymentEvent(ctx: AppContext, storeId: string, orderId: string, event: StripeEvent): Promise<boolean> {
  const session = event.data.object;
  if (event.type === 'checkout.session.expired') {
    const [fresh] = await ctx.db
      .insert(membershipEvents)
      .values({ storeId, eventId: event.id, type: event.type, receivedAt: ctx.now() })
      .onConflictDoNothing()
      .returning();
    return fresh ? expireCheckout(ctx, storeId, orderId, typeof session.id === 'string' ? session.id : null) : false;
  }
  if (session.payment_status !== 'paid') return false;
  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(membershipEvents)
      .values({ storeId, eventId: event.id, type: event.type, receivedAt: ctx.now() })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return false;
    const [order] = await tx
      .select({ total: orders.total, currency: orders.currency })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)));
    // Only the order's own amount pays it: a session for another sum is not this order's payment.
    if (
      !order ||
      String(session.currency).toUpperCase() !== order.currency ||
      fromStripeAmount(Number(session.amount_total), order.currency) !== order.total
    )
      return false;
    return (await recordOrderPayment(ctx, storeId, orderId, new Date(event.created * 1000), tx)) === 'paid';
  });
}
