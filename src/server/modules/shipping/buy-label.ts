import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { RATE_MAX_AGE_DAYS, SHIPPING_MESSAGES, type LabelBody } from '#shared/schemas/shipping';
import type { AppContext } from '#server/context';
import { MARKETPLACE_OWNER, orderLines, shippingLabels, shippingRates } from '#server/db/schema/index';
import { AppError, badRequest, notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { recordLabelCost } from '../finance/ledger.ts';
import { recordShipment } from '../orders/fulfill-order.ts';
import { getScopedVendorOrder } from '../orders/order-scope.ts';
import { providerError } from './provider-errors.ts';
import { labelView } from './shipping-scope.ts';
import { shippingAccountOf } from '../delivery/shippo-accounts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST shippo/label: buys the label of a rate quoted for a vendor order, once. The vendor order is
 * locked for the whole purchase, so a double click, a retry or two tabs wait for the first and get
 * its label. The provider has no idempotency key: a purchase an earlier attempt made (and did not
 * record, say it timed out) is looked up by its rate before buying again. The label ships what is
 * left of the order (a new shipment with the carrier, tracking number and URL), its file is kept in
 * our storage, and a label bought with the marketplace's account costs the vendor its price (ledger).
 */
export async function buyLabel(ctx: AppContext, auth: AuthContext, body: LabelBody) {
  return ctx.db.transaction(async (tx) => {
    const vendorOrder = await getScopedVendorOrder(tx, auth, body.orderId, { forUpdate: true });
    const [rate] = await tx
      .select()
      .from(shippingRates)
      .where(and(eq(shippingRates.storeId, auth.storeId), eq(shippingRates.id, body.rateId), eq(shippingRates.vendorOrderId, vendorOrder.id)));
    if (!rate) throw notFound(SHIPPING_MESSAGES.rateNotFound);
    const [active] = await tx
      .select()
      .from(shippingLabels)
      .where(and(eq(shippingLabels.storeId, auth.storeId), eq(shippingLabels.vendorOrderId, vendorOrder.id), ne(shippingLabels.status, 'voided')));
    if (active) {
      if (active.rateId === rate.id) return { label: labelView(active) };
      throw new AppError('conflict', SHIPPING_MESSAGES.alreadyLabelled);
    }
    if (vendorOrder.fulfillment === 'cancelled') throw new AppError('conflict', 'This order is cancelled');
    const lines = await tx.select().from(orderLines).where(eq(orderLines.vendorOrderId, vendorOrder.id));
    const lineItems = lines.map((l) => ({ id: l.id, quantity: l.quantity - l.fulfilledQuantity })).filter((l) => l.quantity > 0);
    if (lineItems.length === 0) throw new AppError('conflict', SHIPPING_MESSAGES.nothingToShip);
    if (ctx.now().getTime() - rate.createdAt.getTime() > RATE_MAX_AGE_DAYS * DAY_MS) {
      throw badRequest(SHIPPING_MESSAGES.rateExpired, [{ path: 'rateId', message: SHIPPING_MESSAGES.rateExpired }]);
    }

    const account = await shippingAccountOf(ctx, tx, auth.storeId, rate.keyOwner);
    const earlier = (await account.findPurchases(rate.id).catch(providerError)).find((p) => p.status === 'SUCCESS');
    const purchase = earlier ?? (await account.buyLabel(rate.id, `${vendorOrder.orderName} ${vendorOrder.id}`).catch(providerError));
    if (purchase.status !== 'SUCCESS') throw new AppError('conflict', SHIPPING_MESSAGES.providerFailed(purchase.messages.join('; ') || purchase.status));

    const labelId = randomUUID();
    const file = await account.downloadLabel(purchase.labelUrl).catch(providerError);
    const fileKey = `labels/${auth.storeId}/${labelId}.pdf`;
    await ctx.storage.put(fileKey, file.body, file.contentType);

    const shipment = await recordShipment(tx, ctx, auth, vendorOrder, { carrier: rate.carrier, tracking: purchase.trackingNumber, url: purchase.trackingUrl, lineItems });
    const costEntryId =
      rate.keyOwner === MARKETPLACE_OWNER
        ? await recordLabelCost(
            tx,
            { storeId: auth.storeId, vendorId: vendorOrder.vendorId, currency: rate.currency, orderId: vendorOrder.orderId, vendorOrderId: vendorOrder.id, orderName: vendorOrder.orderName },
            { amount: rate.amount, occurredAt: ctx.now(), memo: `Shipping label ${rate.carrier} ${purchase.trackingNumber}`.trim() },
          )
        : null;
    const [label] = await tx
      .insert(shippingLabels)
      .values({
        storeId: auth.storeId,
        id: labelId,
        vendorId: vendorOrder.vendorId,
        vendorOrderId: vendorOrder.id,
        rateId: rate.id,
        purchaseId: purchase.id,
        keyOwner: rate.keyOwner,
        carrier: rate.carrier,
        service: rate.service,
        trackingNumber: purchase.trackingNumber,
        trackingUrl: purchase.trackingUrl,
        fileKey,
        amount: rate.amount,
        currency: rate.currency,
        fulfillmentId: shipment.id,
        costEntryId,
        createdBy: auth.userId,
        createdAt: ctx.now(),
      })
      .returning();
    return { label: labelView(label) };
  });
}
