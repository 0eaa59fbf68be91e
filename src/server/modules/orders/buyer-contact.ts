import type { OrderAddress, OrderCustomer } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';

/** The buyer fields a store can hide from vendors (settings.orders.hiddenFields); admins see them all. */
export const hiddenBuyerFields = (auth: Pick<AuthContext, 'isAdmin'>, hiddenFields: readonly string[]) =>
  new Set(auth.isAdmin ? [] : hiddenFields);

/**
 * An address as the caller may see it: with customerPhone hidden, the address's own phone goes too,
 * or "Hide customer phone" would be bypassed by the shipping address.
 */
export function visibleAddress(address: OrderAddress | null, hidden: Set<string>): OrderAddress | null {
  return address && hidden.has('customerPhone') ? { ...address, phone: '' } : address;
}

/** The buyer's phone a carrier gets: the shipping address's, else the one the buyer gave at checkout. */
export const buyerPhone = (order: { shippingAddress: OrderAddress | null; customer: OrderCustomer }) =>
  order.shippingAddress?.phone || order.customer.phone || '';
