import { and, gt, sum } from 'drizzle-orm';
import { conversations } from '#server/db/schema/index';
import type { StatusCounter } from '../settings/index.ts';
import { conversationScope } from './conversation-scope.ts';

/**
 * `missedMessages` of GET app/status: the messages buyers sent that the seller's side has not read,
 * in the caller's scope (a vendor's own; the marketplace view all vendors'), summed over the
 * partial index of conversations with unread messages.
 */
export const countMissedMessages: StatusCounter = async (ctx, auth) => {
  const [row] = await ctx.db
    .select({ total: sum(conversations.sellerUnread) })
    .from(conversations)
    .where(and(conversationScope({ kind: 'user', auth }), gt(conversations.sellerUnread, 0)));
  return { missedMessages: Number(row?.total ?? 0) };
};
