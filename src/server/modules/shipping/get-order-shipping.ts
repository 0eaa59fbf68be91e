import { and, asc, eq } from 'drizzle-orm';
import type { OrderShippingAnswer, RecipientAddress } from '#shared/schemas/shipping';
import type { AppContext } from '#server/context';
import { orders, shippingLabels } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { buyerPhone, getScopedVendorOrder, hiddenBuyerFields } from '../orders/index.ts';
import { readStoreSettings, readVendorSettings } from '../settings/index.ts';
import { labelScope, labelView } from './shipping-scope.ts';
import { keyOwnerFor, vendorKeysAllowed } from '../delivery/index.ts';

/**
 * GET orders/{id}/shipping: what the label form starts from (the vendor's ship-from address and
 * default package, else the marketplace's; the buyer's address) and the order's labels.
 */
export async function getOrderShipping(ctx: AppContext, auth: AuthContext, orderId: string): Promise<OrderShippingAnswer> {
  const vendorOrder = await getScopedVendorOrder(ctx.db, auth, orderId);
  const [[order], vendor, store, labels, owner, vendorKeys] = await Promise.all([
    ctx.db.select().from(orders).where(eq(orders.id, vendorOrder.orderId)),
    readVendorSettings(ctx.db, auth.storeId, vendorOrder.vendorId),
    readStoreSettings(ctx.db, auth.storeId),
    ctx.db
      .select()
      .from(shippingLabels)
      .where(and(labelScope(auth), eq(shippingLabels.vendorOrderId, vendorOrder.id)))
      .orderBy(asc(shippingLabels.createdAt)),
    keyOwnerFor(ctx.db, auth.storeId, vendorOrder.vendorId),
    vendorKeysAllowed(ctx.db, auth.storeId),
  ]);
  const own = vendor.shipFromAddress !== null;
  const address = order.shippingAddress;
  const hidden = hiddenBuyerFields(auth, store.orders.hiddenFields);
  const to: RecipientAddress | null = address
    ? {
        name: address.name,
        company: address.company,
        street1: address.street1,
        street2: address.street2,
        city: address.city,
        state: address.province,
        zip: address.zip,
        country: address.country,
        // Hidden from the vendor: the form goes without it and quoting the rates adds it on the server.
        phone: hidden.has('customerPhone') ? '' : buyerPhone(order),
        email: hidden.has('customerEmail') ? '' : order.customer.email,
        is_residential: !address.company,
        metadata: '',
      }
    : null;
  return {
    canBuyLabels: owner !== null,
    // The marketplace view sets the marketplace's key (it serves every vendor); a vendor its own, where allowed.
    canConnectShippo: auth.vendorId === null || vendorKeys,
    from: own ? vendor.shipFromAddress : store.shipFrom.shipFromAddress,
    to,
    parcel: own ? vendor.defaultPackage : store.shipFrom.defaultPackage,
    labels: labels.map(labelView),
  };
}
