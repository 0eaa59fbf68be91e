import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { fulfillments, orderLines, orders, platformShipments, vendorOrders } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getScopedVendorOrder } from './order-scope.ts';
import { z } from 'zod';
import { defineJob, jobIds } from '#server/jobs/job-kind';

export const PUSH_SHIPMENT_JOB = defineJob('orders.push-shipment', z.object({ storeId: jobIds.storeId, fulfillmentId: jobIds.id }));
/** Like the platform's own webhook retries: backoff 10 s × attempt², about two hours in all. */
const MAX_ATTEMPTS = 8;

const FULFILLMENT_ORDERS = `query FulfillmentOrders($id: ID!) {
  order(id: $id) { fulfillmentOrders(first: 20) { nodes { id lineItems(first: 250) { nodes { id remainingQuantity lineItem { id } } } } } }
}`;
const FULFILLMENT_CREATE = `mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status } userErrors { field message } }
}`;

interface FulfillmentOrdersAnswer {
  order: {
    fulfillmentOrders: {
      nodes: { id: string; lineItems: { nodes: { id: string; remainingQuantity: number; lineItem: { id: string } }[] } }[];
    };
  } | null;
}
interface FulfillmentCreateAnswer {
  fulfillmentCreate: { fulfillment: { id: string } | null; userErrors: { message: string }[] };
}

const gid = (kind: string, id: string) => (id.startsWith('gid://') ? id : `gid://shopify/${kind}/${id}`);

/**
 * A shipment of an order that came from the platform goes to the platform (fulfillmentCreate), by a
 * durable job queued in the shipment's own transaction; built-in storefront orders stay ours.
 */
export async function queuePlatformShipment(ctx: AppContext, tx: Db, storeId: string, orderId: string, fulfillmentId: string) {
  const [order] = await tx.select({ source: orders.source }).from(orders).where(eq(orders.id, orderId));
  if (order?.source !== 'shopify') return;
  await tx
    .insert(platformShipments)
    .values({ storeId, fulfillmentId, state: 'pending', updatedAt: ctx.now() })
    .onConflictDoUpdate({
      target: [platformShipments.storeId, platformShipments.fulfillmentId],
      set: { state: 'pending', lastError: '', updatedAt: ctx.now() },
    });
  const [{ attempts }] = await tx
    .select({ attempts: platformShipments.attempts })
    .from(platformShipments)
    .where(and(eq(platformShipments.storeId, storeId), eq(platformShipments.fulfillmentId, fulfillmentId)));
  await ctx.jobs.enqueue(
    PUSH_SHIPMENT_JOB,
    { storeId, fulfillmentId },
    { dedupeKey: `push-shipment:${fulfillmentId}:${attempts}`, maxAttempts: MAX_ATTEMPTS },
    tx,
  );
}

async function recordAttempt(
  ctx: AppContext,
  storeId: string,
  fulfillmentId: string,
  result: { state: 'synced' | 'failed'; error?: string; platformFulfillmentId?: string },
) {
  await ctx.db
    .update(platformShipments)
    .set({
      state: result.state,
      lastError: (result.error ?? '').slice(0, 1000),
      platformFulfillmentId: result.platformFulfillmentId,
      attempts: sql`${platformShipments.attempts} + 1`,
      updatedAt: ctx.now(),
    })
    .where(and(eq(platformShipments.storeId, storeId), eq(platformShipments.fulfillmentId, fulfillmentId)));
}

/**
 * The job: the order's fulfillment orders are read, our shipped lines matched to their line items
 * (by the platform's line id), and fulfillmentCreate sent with the tracking. Safe to run twice: a
 * synced shipment is not sent again, and what the platform already has fulfilled is no longer
 * remaining, so nothing is fulfilled twice. Failures are kept for the order page and thrown, so the
 * queue retries with backoff; the admin client waits out the platform's throttling.
 */
export async function pushShipment(ctx: AppContext, { storeId, fulfillmentId }: z.infer<typeof PUSH_SHIPMENT_JOB.payload>) {
  const [row] = await ctx.db
    .select({ state: platformShipments.state, shipment: fulfillments, platformOrderId: orders.platformOrderId })
    .from(platformShipments)
    .innerJoin(fulfillments, eq(fulfillments.id, platformShipments.fulfillmentId))
    .innerJoin(vendorOrders, eq(vendorOrders.id, fulfillments.vendorOrderId))
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .where(and(eq(platformShipments.storeId, storeId), eq(platformShipments.fulfillmentId, fulfillmentId)));
  if (!row || row.state === 'synced') return;
  try {
    const admin = await ctx.marketplaceAdmin(storeId);
    if (!admin) throw new Error('The storefront platform is not connected');
    const lineIds = row.shipment.lines.map((l) => l.lineId);
    const lines = lineIds.length
      ? await ctx.db
          .select({ id: orderLines.id, platformLineId: orderLines.platformLineId })
          .from(orderLines)
          .where(inArray(orderLines.id, lineIds))
      : [];
    const { order } = await admin.client.request<FulfillmentOrdersAnswer>(FULFILLMENT_ORDERS, { id: gid('Order', row.platformOrderId) });
    if (!order) throw new Error('The order is not on the storefront platform');
    const groups = order.fulfillmentOrders.nodes
      .map((fo) => ({
        fulfillmentOrderId: fo.id,
        fulfillmentOrderLineItems: row.shipment.lines.flatMap((shipped) => {
          const platformLine = lines.find((l) => l.id === shipped.lineId)?.platformLineId;
          const item = platformLine ? fo.lineItems.nodes.find((n) => n.lineItem.id === gid('LineItem', platformLine)) : undefined;
          const quantity = Math.min(shipped.quantity, item?.remainingQuantity ?? 0);
          return item && quantity > 0 ? [{ id: item.id, quantity }] : [];
        }),
      }))
      .filter((g) => g.fulfillmentOrderLineItems.length > 0);
    if (groups.length === 0) {
      await recordAttempt(ctx, storeId, fulfillmentId, { state: 'synced' });
      return;
    }
    const tracking = {
      number: row.shipment.tracking || undefined,
      url: row.shipment.url || undefined,
      company: row.shipment.carrier || undefined,
    };
    const { fulfillmentCreate } = await admin.client.request<FulfillmentCreateAnswer>(FULFILLMENT_CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: groups, trackingInfo: tracking, notifyCustomer: true },
    });
    if (!fulfillmentCreate.fulfillment)
      throw new Error(fulfillmentCreate.userErrors.map((e) => e.message).join('; ') || 'The platform refused the shipment');
    await recordAttempt(ctx, storeId, fulfillmentId, { state: 'synced', platformFulfillmentId: fulfillmentCreate.fulfillment.id });
  } catch (error) {
    await recordAttempt(ctx, storeId, fulfillmentId, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/** POST orders/{id}/shipments/{shipmentId}/push: sends a failed shipment to the platform again, now. */
export async function retryPlatformShipment(ctx: AppContext, auth: AuthContext, orderId: string, fulfillmentId: string) {
  return ctx.db.transaction(async (tx) => {
    const vendorOrder = await getScopedVendorOrder(tx, auth, orderId, { forUpdate: true });
    const [pushed] = await tx
      .select({ state: platformShipments.state })
      .from(platformShipments)
      .innerJoin(fulfillments, eq(fulfillments.id, platformShipments.fulfillmentId))
      .where(
        and(
          eq(platformShipments.storeId, auth.storeId),
          eq(platformShipments.fulfillmentId, fulfillmentId),
          eq(fulfillments.vendorOrderId, vendorOrder.id),
        ),
      );
    if (!pushed) throw notFound('Shipment not found');
    if (pushed.state === 'synced') throw new AppError('conflict', 'This shipment is already on the storefront platform');
    await queuePlatformShipment(ctx, tx, auth.storeId, vendorOrder.orderId, fulfillmentId);
    return { state: 'pending' as const };
  });
}
