import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ModerateBodySchema } from '#shared/schemas/conversations';
import type { AppContext } from '#server/context';
import { bannedBuyers, conversations } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { conversationEvents } from './conversation-events.ts';
import { getScopedConversation } from './conversation-scope.ts';

/**
 * POST conversations/moderate (admins): ban the conversation's buyer from writing anywhere in the
 * store (the conversations stay readable), or delete the conversation with its messages (its buyer
 * token dies with it).
 */
export async function moderateConversation(ctx: AppContext, auth: AuthContext, body: z.infer<typeof ModerateBodySchema>) {
  const row = await getScopedConversation(ctx.db, { kind: 'user', auth }, body.conversationId);
  if (body.action === 'ban') {
    await ctx.db.insert(bannedBuyers).values({ storeId: row.storeId, email: row.buyerEmail, bannedAt: ctx.now() }).onConflictDoNothing();
  } else {
    await ctx.db.delete(conversations).where(and(eq(conversations.storeId, row.storeId), eq(conversations.id, row.id)));
  }
  await conversationEvents(ctx).publish({
    storeId: row.storeId,
    vendorId: row.vendorId,
    conversationId: row.id,
    kind: body.action === 'ban' ? 'read' : 'deleted',
  });
  return { ok: true as const };
}
