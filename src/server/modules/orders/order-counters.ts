import { and } from 'drizzle-orm';
import { countUpTo } from '#server/db/count-up-to';
import { ORDER_COUNT_CAP } from '#shared/schemas/orders';
import { vendorOrders } from '#server/db/schema/index';
import type { StatusCounter } from '../settings/index.ts';
import { OPEN_ORDER, orderScope } from './order-scope.ts';

/**
 * `orders` of GET app/status: the caller's vendor orders waiting for a shipment (what the shell
 * badges), counted on the open-orders partial index and capped like the list's count.
 */
export const countOpenOrders: StatusCounter = async (ctx, auth) => {
  const n = await countUpTo(ctx.db, vendorOrders, and(orderScope(auth), OPEN_ORDER), ORDER_COUNT_CAP + 1);
  return { orders: Math.min(n, ORDER_COUNT_CAP) };
};
