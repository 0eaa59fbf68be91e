import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { conversations, orders } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { getScopedVendorOrder } from '../orders/index.ts';

/**
 * GET conversations/chat-with-buyer: the conversation between a vendor order's vendor and its buyer,
 * opened (empty) on first use. The order is read through the orders' own scope, so another vendor's
 * order is a 404 here as there.
 */
export async function chatWithBuyer(ctx: AppContext, auth: AuthContext, vendorOrderId: string) {
  const part = await getScopedVendorOrder(ctx.db, auth, vendorOrderId);
  const [order] = await ctx.db
    .select({ customer: orders.customer })
    .from(orders)
    .where(and(eq(orders.storeId, part.storeId), eq(orders.id, part.orderId)));
  const subject = and(
    eq(conversations.storeId, part.storeId),
    eq(conversations.vendorId, part.vendorId),
    eq(conversations.buyerEmail, order.customer.email.trim().toLowerCase()),
    eq(conversations.vendorOrderId, part.id),
  );
  await ctx.db
    .insert(conversations)
    .values({
      storeId: part.storeId,
      vendorId: part.vendorId,
      buyerEmail: order.customer.email.trim().toLowerCase(),
      buyerName: order.customer.name,
      vendorOrderId: part.id,
      orderName: part.orderName,
      lastSender: 'seller',
      lastMessageAt: ctx.now(),
      createdAt: ctx.now(),
    })
    .onConflictDoNothing();
  const [row] = await ctx.db.select({ id: conversations.id }).from(conversations).where(subject);
  return { conversationId: row.id };
}
