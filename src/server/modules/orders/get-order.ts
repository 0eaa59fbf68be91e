import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderDetailAnswer } from '#shared/schemas/orders';
import { currencyDecimals, formatMinorUnits, roundToMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import {
  fulfillments,
  orderLines,
  orders,
  platformShipments,
  productVariants,
  products,
  vendorOrders,
  vendors,
} from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { readStoreSettings } from '../settings/index.ts';
import { listItemOf, loadListItems } from './list-orders.ts';
import { getScopedVendorOrder } from './order-scope.ts';
import { hiddenBuyerFields, visibleAddress } from './buyer-contact.ts';

/**
 * GET orders/{id}: a vendor order with its lines, shipments and buyer. Vendors do not see the
 * buyer fields the store hides (settings.orders.hiddenFields: customerEmail, customerPhone, billing);
 * admins see everything, and every vendor's part of the same order (adminOrders).
 */
export async function getOrder(ctx: AppContext, auth: AuthContext, id: string): Promise<OrderDetailAnswer> {
  const vendorOrder = await getScopedVendorOrder(ctx.db, auth, id);
  const [[order], [vendor], lines, shipments, settings] = await Promise.all([
    ctx.db.select().from(orders).where(eq(orders.id, vendorOrder.orderId)),
    ctx.db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, vendorOrder.vendorId)),
    ctx.db.select().from(orderLines).where(eq(orderLines.vendorOrderId, vendorOrder.id)).orderBy(asc(orderLines.position)),
    ctx.db
      .select({ shipment: fulfillments, sync: platformShipments })
      .from(fulfillments)
      .leftJoin(
        platformShipments,
        and(eq(platformShipments.storeId, fulfillments.storeId), eq(platformShipments.fulfillmentId, fulfillments.id)),
      )
      .where(eq(fulfillments.vendorOrderId, vendorOrder.id))
      .orderBy(asc(fulfillments.createdAt)),
    readStoreSettings(ctx.db, auth.storeId),
  ]);
  const hidden = hiddenBuyerFields(auth, settings.orders.hiddenFields);
  const decimals = currencyDecimals(order.currency);
  const money = (minor: number) => formatMinorUnits(minor, decimals);

  const variantIds = lines.map((l) => l.variantId).filter((v): v is string => !!v);
  const variants = variantIds.length
    ? await ctx.db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          stock: productVariants.stock,
          trackStock: productVariants.trackStock,
          title: products.title,
          media: products.media,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(productVariants.storeId, auth.storeId), inArray(productVariants.id, variantIds)))
    : [];
  const adminOrders = auth.isAdmin
    ? await loadListItems(
        ctx.db,
        and(eq(vendorOrders.storeId, auth.storeId), eq(vendorOrders.orderId, order.id))!,
        { limit: 100, offset: 0 },
        settings.payments.holdingDays,
      )
    : [];

  return {
    order: {
      ...listItemOf(vendorOrder, {
        currency: order.currency,
        paymentStatus: order.paymentStatus,
        shippedAt: shipments.length ? shipments[shipments.length - 1].shipment.createdAt : vendorOrder.placedAt,
        holdingDays: settings.payments.holdingDays,
        customerName: order.customer.name,
        vendor: vendor.name,
        itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
      }),
      customerEmail: hidden.has('customerEmail') ? null : order.customer.email,
      customerPhone: hidden.has('customerPhone') ? null : order.customer.phone,
      shippingAddress: visibleAddress(order.shippingAddress, hidden),
      billingAddress: hidden.has('billing') ? null : visibleAddress(order.billingAddress, hidden),
      total: money(vendorOrder.subtotal - vendorOrder.discount + vendorOrder.shipping + vendorOrder.tax),
      commissionOverride: vendorOrder.commissionOverride && {
        // Stored in major units as typed before amounts were text; shown in the order's decimals.
        flat: money(roundToMinorUnits(vendorOrder.commissionOverride.flat, decimals)),
        percentage: vendorOrder.commissionOverride.percentage,
      },
      lines: lines.map((l) => ({
        id: l.id,
        productId: l.productId,
        variantId: l.variantId,
        sku: l.sku,
        title: l.title,
        variantTitle: l.variantTitle,
        quantity: l.quantity,
        fulfilledQuantity: l.fulfilledQuantity,
        price: money(l.price),
        discount: money(l.discount),
        tax: money(l.tax),
        commission: money(l.commission),
      })),
      fulfillments: shipments.map(({ shipment: f, sync }) => ({
        id: f.id,
        carrier: f.carrier,
        tracking: f.tracking,
        url: f.url,
        lines: f.lines,
        createdAt: f.createdAt.toISOString(),
        platformSync: sync ? { state: sync.state, error: sync.lastError, attempts: sync.attempts } : null,
      })),
    },
    adminOrders,
    variantDetails: Object.fromEntries(
      variants.map((v) => [
        v.id,
        {
          productId: v.productId,
          productTitle: v.title,
          image: v.media.find((m) => m.contentType === 'IMAGE')?.src ?? null,
          stock: v.stock,
          trackStock: v.trackStock,
        },
      ]),
    ),
  };
}
