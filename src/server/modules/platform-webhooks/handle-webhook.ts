import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { currencyDecimals } from '#shared/money';
import type { AppContext } from '#server/context';
import { appEvents, orders, platformInstallations } from '#server/db/schema/index';
import {
  cancelOrder,
  findPlatformOrder,
  fromPlatformOrder,
  fromPlatformRefund,
  ingestOrder,
  PlatformCancelSchema,
  PlatformOrderSchema,
  PlatformRefundSchema,
  recordOrderPayment,
  refundOrder,
} from '../orders/index.ts';
import { defineJob } from '#server/jobs/job-kind';
import { applyPlatformSubscription } from '../installation/index.ts';

/** The topics we act on: new, paid (or updated), cancelled and refunded orders, the marketplace's plan charges, and the platform's mandatory privacy requests. */
export const WEBHOOK_TOPICS = [
  'orders/create',
  'orders/paid',
  'orders/updated',
  'orders/cancelled',
  'refunds/create',
  'app_subscriptions/update',
  'customers/data_request',
  'customers/redact',
  'shop/redact',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];
export const isWebhookTopic = (topic: string): topic is WebhookTopic => (WEBHOOK_TOPICS as readonly string[]).includes(topic);

export const PLATFORM_WEBHOOK_JOB = defineJob(
  'platform-webhook',
  z.object({ topic: z.enum(WEBHOOK_TOPICS), shop: z.string(), body: z.unknown() }),
);

const RedactCustomerSchema = z.object({
  customer: z.object({ email: z.string().nullish() }).partial().nullish(),
  orders_to_redact: z.array(z.union([z.number(), z.string()]).transform(String)).nullish(),
});

const REDACTED = { customer: { name: '', email: '', phone: '' }, shippingAddress: null, billingAddress: null };

/**
 * Runs a verified webhook (queued by the route, so the platform gets its answer at once and a
 * failure is retried). Only shops installed as a marketplace's storefront count; others are ignored.
 */
export async function handlePlatformWebhook(ctx: AppContext, payload: z.infer<typeof PLATFORM_WEBHOOK_JOB.payload>) {
  const { topic } = payload;
  const [installation] = await ctx.db
    .select({ storeId: platformInstallations.storeId, kind: platformInstallations.kind })
    .from(platformInstallations)
    .where(eq(platformInstallations.shop, payload.shop));
  const storeId = installation?.kind === 'marketplace' ? installation.storeId : null;
  if (!storeId) return;
  const body = payload.body;

  if (topic === 'orders/create') {
    // A payload we cannot read fails the job (kept with its error for an admin to see), not silently.
    const order = PlatformOrderSchema.parse(body);
    await ingestOrder(ctx, storeId, fromPlatformOrder(order, currencyDecimals(order.currency), ctx.now()));
    return;
  }
  if (topic === 'orders/paid' || topic === 'orders/updated') {
    // Both carry the whole order: one that never reached us is recorded; a known one becomes paid when the platform says so.
    const order = PlatformOrderSchema.parse(body);
    const incoming = fromPlatformOrder(order, currencyDecimals(order.currency), ctx.now());
    const known = await findPlatformOrder(ctx.db, storeId, 'shopify', order.id);
    if (!known) await ingestOrder(ctx, storeId, incoming);
    else if (incoming.payment.status === 'paid') await recordOrderPayment(ctx, storeId, known.id, incoming.payment.paidAt ?? ctx.now());
    else if (incoming.payment.status === 'partially_paid')
      await ctx.db
        .update(orders)
        .set({ paymentStatus: 'partially_paid' })
        .where(and(eq(orders.id, known.id), eq(orders.paymentStatus, 'pending')));
    return;
  }
  if (topic === 'orders/cancelled') {
    const cancelled = PlatformCancelSchema.parse(body);
    const order = await findPlatformOrder(ctx.db, storeId, 'shopify', cancelled.id);
    // An order we never recorded (none of its lines was a vendor's) has nothing to cancel.
    if (order)
      await cancelOrder(
        ctx.db,
        storeId,
        order.id,
        cancelled.cancelled_at ?? ctx.now(),
        `Cancelled on the platform${cancelled.cancel_reason ? ` (${cancelled.cancel_reason})` : ''}`,
      );
    return;
  }
  if (topic === 'refunds/create') {
    const refund = PlatformRefundSchema.parse(body);
    const order = await findPlatformOrder(ctx.db, storeId, 'shopify', refund.order_id);
    if (order) await refundOrder(ctx.db, storeId, order.id, await fromPlatformRefund(ctx.db, order.id, refund, ctx.now()));
    return;
  }
  if (topic === 'app_subscriptions/update') return applyPlatformSubscription(ctx, storeId, body);
  if (topic === 'customers/redact') {
    const request = RedactCustomerSchema.parse(body);
    const email = request.customer?.email?.trim().toLowerCase();
    const ids = request.orders_to_redact ?? [];
    const matches = [
      ...(ids.length ? [inArray(orders.platformOrderId, ids)] : []),
      ...(email ? [sql`lower(${orders.customer}->>'email') = ${email}`] : []),
    ];
    if (matches.length)
      await ctx.db
        .update(orders)
        .set(REDACTED)
        .where(and(eq(orders.storeId, storeId), eq(orders.source, 'shopify'), or(...matches)));
    return;
  }
  if (topic === 'shop/redact') {
    // The shop left 48 hours ago: its access token goes, and so do its buyers' personal data.
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set(REDACTED)
        .where(and(eq(orders.storeId, storeId), eq(orders.source, 'shopify')));
      await tx.delete(platformInstallations).where(eq(platformInstallations.shop, payload.shop));
    });
    return;
  }
  // customers/data_request: what we hold of a buyer is on the store's orders; the request is kept for the admins to answer.
  await ctx.db
    .insert(appEvents)
    .values({ storeId, event: 'privacy/customers-data-request', properties: { request: body as Record<string, unknown> } });
}
