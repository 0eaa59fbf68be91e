import { and, sql } from 'drizzle-orm';
import { ORDER_COUNT_CAP } from '#shared/schemas/orders';
import { vendorOrders } from '../../db/schema/index.ts';
import { addStatusCounter } from '../settings/app-status.ts';
import { OPEN_ORDER, orderScope } from './order-scope.ts';

let registered = false;

/**
 * `orders` of GET app/status: the caller's vendor orders waiting for a shipment (what the shell
 * badges), counted on the open-orders partial index and capped like the list's count.
 */
export function registerOrderCounters() {
  if (registered) return;
  registered = true;
  addStatusCounter(async (ctx, auth) => {
    const open = ctx.db
      .select({ one: sql`1` })
      .from(vendorOrders)
      .where(and(orderScope(auth), OPEN_ORDER))
      .limit(ORDER_COUNT_CAP + 1)
      .as('open');
    const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(open);
    return { orders: Math.min(n, ORDER_COUNT_CAP) };
  });
}
