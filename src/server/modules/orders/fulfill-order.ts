import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { FulfillBodySchema, ORDER_ACTION_MESSAGES, type FulfillBody } from '#shared/schemas/orders';
import type { AppContext } from '#server/context';
import { fulfillments, orderLines, vendorOrders } from '#server/db/schema/index';
import { AppError, badRequest } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { getScopedVendorOrder, OPEN_ORDER, orderScope, type VendorOrderRow } from './order-scope.ts';
import type { Db } from '#server/db/client';
import { queuePlatformShipment } from './push-shipment.ts';

/**
 * Records a shipment of lines of a locked vendor order (the caller holds its row lock): refuses more
 * than is left, counts the lines shipped and sets the order's fulfilment state, and queues the
 * shipment for the platform when the order came from it. Used by a typed shipment, a bought label and
 * the automatic fulfilment of lines that need no shipping.
 */
export async function recordShipment(
  tx: Db,
  ctx: AppContext,
  /** userId null: the store did it itself (autoFulfillDigital). */
  auth: Pick<AuthContext, 'storeId'> & { userId: string | null },
  vendorOrder: VendorOrderRow,
  shipment: { carrier: string; tracking: string; url: string; lineItems: { id: string; quantity: number }[] },
) {
  if (vendorOrder.fulfillment === 'cancelled') throw new AppError('conflict', ORDER_ACTION_MESSAGES.cancelled);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.vendorOrderId, vendorOrder.id));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const shipped = new Map<string, number>();
  shipment.lineItems.forEach((item, index) => {
    const line = byId.get(item.id);
    if (!line)
      throw badRequest(ORDER_ACTION_MESSAGES.notFound, [{ path: `lineItems.${index}.id`, message: ORDER_ACTION_MESSAGES.notFound }]);
    const quantity = (shipped.get(item.id) ?? 0) + item.quantity;
    if (quantity > line.quantity - line.fulfilledQuantity) {
      throw badRequest(ORDER_ACTION_MESSAGES.tooMany, [{ path: `lineItems.${index}.quantity`, message: ORDER_ACTION_MESSAGES.tooMany }]);
    }
    shipped.set(item.id, quantity);
  });
  for (const [lineId, quantity] of shipped) {
    await tx
      .update(orderLines)
      .set({ fulfilledQuantity: sql`${orderLines.fulfilledQuantity} + ${quantity}` })
      .where(eq(orderLines.id, lineId));
  }
  const done = lines.every((l) => l.fulfilledQuantity + (shipped.get(l.id) ?? 0) >= l.quantity);
  await tx
    .update(vendorOrders)
    .set({ fulfillment: done ? 'fulfilled' : 'partial', updatedAt: ctx.now() })
    .where(eq(vendorOrders.id, vendorOrder.id));
  const [row] = await tx
    .insert(fulfillments)
    .values({
      storeId: auth.storeId,
      vendorOrderId: vendorOrder.id,
      carrier: shipment.carrier,
      tracking: shipment.tracking,
      url: shipment.url,
      lines: [...shipped].map(([lineId, quantity]) => ({ lineId, quantity })),
      createdBy: auth.userId,
      createdAt: ctx.now(),
    })
    .returning();
  await queuePlatformShipment(ctx, tx, auth.storeId, vendorOrder.orderId, row.id);
  return row;
}

/**
 * POST orders/{id}/fulfill: ships some or all of what is left of a vendor order. The order row is
 * locked for the check and the write, so two shipments at once cannot ship more than was bought.
 * Answers the shipment and the next order waiting for the caller (oldest first), to go on with.
 */
export async function fulfillOrder(ctx: AppContext, auth: AuthContext, id: string, input: FulfillBody) {
  const body = parseOrThrow(FulfillBodySchema, input);
  const fulfillment = await ctx.db.transaction(async (tx) => {
    const vendorOrder = await getScopedVendorOrder(tx, auth, id, { forUpdate: true });
    return recordShipment(tx, ctx, auth, vendorOrder, body);
  });
  const [next] = await ctx.db
    .select({ id: vendorOrders.id })
    .from(vendorOrders)
    .where(and(orderScope(auth), OPEN_ORDER, ne(vendorOrders.id, fulfillment.vendorOrderId)))
    .orderBy(asc(vendorOrders.placedAt), asc(vendorOrders.id))
    .limit(1);
  return {
    fulfillment: {
      id: fulfillment.id,
      carrier: fulfillment.carrier,
      tracking: fulfillment.tracking,
      url: fulfillment.url,
      lines: fulfillment.lines,
      createdAt: fulfillment.createdAt.toISOString(),
    },
    nextOrder: next?.id ?? null,
  };
}
