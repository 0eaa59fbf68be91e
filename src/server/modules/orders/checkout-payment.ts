import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CHECKOUT_PAYMENT_MESSAGES, type CheckoutPaymentMethod } from '#shared/schemas/orders';
import type { Settings } from '#shared/schemas/settings';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { orders } from '#server/db/schema/index';
import { ProviderError } from '#server/adapters/payments/types';
import { AppError } from '#server/http/errors';
import { defineJob, jobIds } from '#server/jobs/job-kind';
import { ensureWebhookEndpoint, findStripeSecret } from '../payments/index.ts';
import { cancelOrder } from './cancel-order.ts';

/** How long an unpaid card order holds its stock when no session says otherwise (Stripe's own default life of a session). */
export const CARD_PAYMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface CheckoutPayment {
  method: CheckoutPaymentMethod;
  /** What the buyer is told to do (a manual method's instructions; empty for card). */
  instructions: string;
}

/**
 * The payment method of a checkout: the one asked for when the store offers it, else card when the
 * store has a Stripe key, else its first manual method; 409 when it offers none.
 */
export async function chooseCheckoutPayment(
  ctx: AppContext,
  storeId: string,
  settings: Settings,
  wanted: CheckoutPaymentMethod | undefined,
): Promise<CheckoutPayment> {
  const { bankTransfer, cashOnDelivery } = settings.payments.manualMethods;
  const offered: CheckoutPayment[] = [
    ...((await findStripeSecret(ctx, storeId)) ? [{ method: 'card' as const, instructions: '' }] : []),
    ...(bankTransfer.enabled ? [{ method: 'bank_transfer' as const, instructions: bankTransfer.instructions }] : []),
    ...(cashOnDelivery.enabled ? [{ method: 'cash_on_delivery' as const, instructions: cashOnDelivery.instructions }] : []),
  ];
  if (offered.length === 0) throw new AppError('conflict', CHECKOUT_PAYMENT_MESSAGES.noMethod);
  if (!wanted) return offered[0];
  const chosen = offered.find((o) => o.method === wanted);
  if (!chosen)
    throw new AppError('conflict', CHECKOUT_PAYMENT_MESSAGES.methodOff, [
      { path: 'paymentMethod', message: CHECKOUT_PAYMENT_MESSAGES.methodOff },
    ]);
  return chosen;
}

export const CHECKOUT_EXPIRY_JOB = defineJob('checkout-expiry', z.object({ storeId: jobIds.storeId, orderId: z.uuid() }));

/** The expiry of an unpaid card order, queued in the order's transaction: it runs when the payment window closes. */
export async function scheduleCheckoutExpiry(ctx: AppContext, tx: Db, storeId: string, orderId: string, at: Date) {
  await ctx.jobs.enqueue(
    CHECKOUT_EXPIRY_JOB,
    { storeId, orderId },
    { runAt: at, dedupeKey: `${CHECKOUT_EXPIRY_JOB.type}:${orderId}:${at.toISOString()}` },
    tx,
  );
}

/**
 * A card order still unpaid when its window closed (no event came, or the session was never made):
 * it is voided and its stock returned. One whose window was moved on (a new session) waits for its
 * own job; a paid one is left alone.
 */
export async function expireCheckout(ctx: AppContext, storeId: string, orderId: string, sessionId: string | null = null) {
  const [order] = await ctx.db
    .select({ status: orders.paymentStatus, expiresAt: orders.paymentExpiresAt, ref: orders.paymentRef })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)));
  if (!order || order.status !== 'pending' || !order.expiresAt) return false;
  if (sessionId ? order.ref !== sessionId : order.expiresAt.getTime() > ctx.now().getTime()) return false;
  const { cancelled } = await cancelOrder(ctx.db, storeId, orderId, ctx.now(), 'Card payment not completed');
  return cancelled;
}

/**
 * Opens the Stripe page where the buyer pays an order, after the order's transaction (a provider
 * call never runs inside one), with the order's id as idempotency key. The session and its expiry
 * are kept on the order: the session's events find the order by them, the expiry job by its time.
 */
export async function openCardPayment(
  ctx: AppContext,
  storeId: string,
  order: { id: string; name: string; total: number; currency: string; email: string },
  urls: { successUrl?: string; cancelUrl?: string },
) {
  const secret = await findStripeSecret(ctx, storeId);
  if (!secret) throw new AppError('conflict', CHECKOUT_PAYMENT_MESSAGES.methodOff);
  const fallback = `${ctx.config.publicUrl}/`;
  try {
    await ensureWebhookEndpoint(ctx, storeId, ctx.payments.stripeBilling(secret));
    const session = await ctx.payments.stripeCheckout(secret).createPaymentSession({
      orderId: order.id,
      orderName: order.name,
      amount: order.total,
      currency: order.currency,
      customerEmail: order.email,
      successUrl: urls.successUrl ?? fallback,
      cancelUrl: urls.cancelUrl ?? fallback,
      idempotencyKey: `order-payment:${order.id}`,
    });
    await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(orders)
        .set({ paymentRef: session.id, paymentExpiresAt: session.expiresAt })
        .where(and(eq(orders.id, order.id), eq(orders.storeId, storeId), eq(orders.paymentStatus, 'pending')))
        .returning({ id: orders.id });
      if (updated) await scheduleCheckoutExpiry(ctx, tx, storeId, order.id, session.expiresAt);
    });
    return session.url;
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError(error.kind === 'unavailable' ? 'unavailable' : 'bad_request', error.message);
    throw error;
  }
}
