import { and, eq } from 'drizzle-orm';
import { CONVERSATION_MESSAGES, type ChatWithSellerBody } from '#shared/schemas/conversations';
import type { AppContext } from '#server/context';
import { conversations, products } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import type { StoreRecord } from '../stores/find-store.ts';
import { appendMessage, assertNotBanned, countBuyerHit } from './append-message.ts';
import { issueBuyerToken, readBuyerToken, verifyBuyerToken } from './buyer-token.ts';
import { conversationEvents } from './conversation-events.ts';
import { assertMessagesEnabled, type ConversationRow } from './conversation-scope.ts';
import { presentMessage } from './present-conversation.ts';

/**
 * POST conversations/chat-with-seller: a buyer writes to the vendor of a public product. The first
 * message opens the conversation and answers the buyer's token for it; writing again about the same
 * product needs that token (the storefront keeps it, the seller's answer mails it as a link), so
 * nobody can read or continue a conversation by typing someone else's address.
 */
export async function chatWithSeller(ctx: AppContext, store: StoreRecord, body: ChatWithSellerBody, token: string | undefined) {
  const settings = await assertMessagesEnabled(ctx.db, store.id);
  const [product] = await ctx.db
    .select({ id: products.id, title: products.title, vendorId: products.vendorId })
    .from(products)
    .where(and(eq(products.storeId, store.id), eq(products.id, body.productId), eq(products.status, 'ACTIVE'), eq(products.approved, true)));
  if (!product) throw notFound(CONVERSATION_MESSAGES.productNotFound);
  await assertNotBanned(ctx.db, store.id, body.email);
  await countBuyerHit(ctx, 'messages', store.id, body.email);

  const subject = and(
    eq(conversations.storeId, store.id),
    eq(conversations.vendorId, product.vendorId),
    eq(conversations.buyerEmail, body.email),
    eq(conversations.productId, product.id),
  );
  const { row, saved } = await ctx.db.transaction(async (tx) => {
    let [row]: ConversationRow[] = await tx.select().from(conversations).where(subject).for('update');
    if (row) {
      const claim = token ? readBuyerToken(token) : null;
      if (!claim || claim.conversationId !== row.id || claim.storeId !== store.id || !verifyBuyerToken(ctx, claim, row.buyerEmail)) {
        throw new AppError('conflict', CONVERSATION_MESSAGES.noBuyerToken);
      }
    } else {
      await countBuyerHit(ctx, 'conversations', store.id, body.email, tx);
      // Two first messages at once: the unique subject index keeps one conversation, the other waits for it.
      await tx
        .insert(conversations)
        .values({
          storeId: store.id,
          vendorId: product.vendorId,
          buyerEmail: body.email,
          buyerName: body.name ?? '',
          productId: product.id,
          productTitle: product.title,
          lastMessageAt: ctx.now(),
          createdAt: ctx.now(),
        })
        .onConflictDoNothing();
      [row] = await tx.select().from(conversations).where(subject).for('update');
    }
    if (body.name && body.name !== row.buyerName) {
      await tx.update(conversations).set({ buyerName: body.name }).where(subject);
      row = { ...row, buyerName: body.name };
    }
    return { row, saved: await appendMessage(ctx, tx, row, { sender: 'buyer', text: body.text, image: null }, settings) };
  });
  await conversationEvents(ctx).publish({ storeId: store.id, vendorId: row.vendorId, conversationId: row.id, kind: 'message' });
  return {
    conversationId: row.id,
    token: issueBuyerToken(ctx, { storeId: store.id, conversationId: row.id }, row.buyerEmail),
    message: presentMessage(saved, false),
  };
}
