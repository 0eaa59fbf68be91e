import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ORDER_ACTION_MESSAGES } from '#shared/schemas/orders';
import type { Db } from '#server/db/client';
import { vendorOrders } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { isUuid } from '#server/lib/is-uuid';
import { inVendorScope } from '../vendors/index.ts';

export type VendorOrderRow = typeof vendorOrders.$inferSelect;

/** The fulfilment states of an order waiting for a shipment. */
export const OPEN_FULFILLMENTS: readonly string[] = ['unfulfilled', 'partial'];
/** Waiting for a shipment, in SQL: literals, like the partial indexes' own predicate, so the planner can use them. */
export const OPEN_ORDER = sql`${vendorOrders.fulfillment} in (${sql.raw(OPEN_FULFILLMENTS.map((f) => `'${f}'`).join(', '))})`;

/**
 * The one rule of who sees which vendor orders: the caller's store, and a vendor's own only (an
 * admin in a vendor's view sees that vendor's). Every order call reads through this.
 */
export function orderScope(auth: Pick<AuthContext, 'storeId' | 'vendorId'>): SQL {
  return inVendorScope(vendorOrders, auth);
}

/** A vendor order within the caller's scope, else 404 (another vendor's or store's reads as not found). */
export async function getScopedVendorOrder(
  db: Db,
  auth: Pick<AuthContext, 'storeId' | 'vendorId'>,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<VendorOrderRow> {
  if (!isUuid(id)) throw notFound(ORDER_ACTION_MESSAGES.notFound);
  const query = db
    .select()
    .from(vendorOrders)
    .where(and(eq(vendorOrders.id, id), orderScope(auth)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(ORDER_ACTION_MESSAGES.notFound);
  return row;
}
