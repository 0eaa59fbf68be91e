import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { orderLines, productVariants, vendorOrders } from '#server/db/schema/index';
import { readStoreSettings } from '../settings/index.ts';
import { recordShipment } from './fulfill-order.ts';

/**
 * The store's autoFulfillDigital feature: the lines of a new order whose product needs no shipping
 * (our variant's requiresShipping off) are fulfilled as it arrives, one shipment without tracking
 * per vendor order, like a vendor's own (pushed to the platform when the order came from it). A
 * line we cannot tie to a variant of ours is left to the vendor. In the caller's transaction.
 */
export async function fulfillDigitalLines(ctx: AppContext, tx: Db, storeId: string, vendorOrderIds: string[]) {
  if (vendorOrderIds.length === 0) return;
  const { features } = await readStoreSettings(tx, storeId);
  if (!features.autoFulfillDigital.enabled) return;
  const digital = await tx
    .select({ id: orderLines.id, vendorOrderId: orderLines.vendorOrderId, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(productVariants, and(eq(productVariants.id, orderLines.variantId), eq(productVariants.storeId, orderLines.storeId)))
    .where(
      and(eq(orderLines.storeId, storeId), inArray(orderLines.vendorOrderId, vendorOrderIds), eq(productVariants.requiresShipping, false)),
    );
  for (const vendorOrderId of new Set(digital.map((l) => l.vendorOrderId))) {
    const [vendorOrder] = await tx.select().from(vendorOrders).where(eq(vendorOrders.id, vendorOrderId)).for('update');
    const lineItems = digital.filter((l) => l.vendorOrderId === vendorOrderId).map((l) => ({ id: l.id, quantity: l.quantity }));
    await recordShipment(tx, ctx, { storeId, userId: null }, vendorOrder, { carrier: '', tracking: '', url: '', lineItems });
  }
}
