import { and, eq, isNull } from 'drizzle-orm';
import { CONVERSATION_MESSAGES, type ChatWithSellerBody } from '#shared/schemas/conversations';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { conversations, products, vendors } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import type { StoreRecord } from '../stores/index.ts';
import { appendMessage, assertNotBanned, countBuyerHit } from './append-message.ts';
import { issueBuyerToken, readBuyerToken, verifyBuyerToken } from './buyer-token.ts';
import { conversationEvents } from './conversation-events.ts';
import { assertMessagesEnabled, type ConversationRow } from './conversation-scope.ts';
import { partiesReadMasked } from './contact-visibility.ts';
import { presentMessage } from './present-conversation.ts';

/**
 * What a buyer writes about: a public product (its seller), or a seller named on its vendor page
 * (a conversation about neither a product nor an order, one per buyer and seller).
 */
async function subjectOf(db: Db, storeId: string, body: ChatWithSellerBody) {
  if (body.productId) {
    const [product] = await db
      .select({ id: products.id, title: products.title, vendorId: products.vendorId })
      .from(products)
      .where(
        and(eq(products.storeId, storeId), eq(products.id, body.productId), eq(products.status, 'ACTIVE'), eq(products.approved, true)),
      );
    if (!product) throw notFound(CONVERSATION_MESSAGES.productNotFound);
    return { vendorId: product.vendorId, productId: product.id, productTitle: product.title };
  }
  const [vendor] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.storeId, storeId), eq(vendors.name, body.targetVendor ?? ''), eq(vendors.isActive, true)));
  if (!vendor) throw notFound(CONVERSATION_MESSAGES.vendorNotFound);
  return { vendorId: vendor.id, productId: null, productTitle: null };
}

/**
 * POST conversations/chat-with-seller: a buyer writes to the vendor of a public product, or to a
 * vendor by name. The first message opens the conversation and answers the buyer's token for it;
 * writing again about the same subject needs that token (the storefront keeps it, the seller's
 * answer mails it as a link), so nobody can read or continue a conversation by typing someone
 * else's address.
 */
export async function chatWithSeller(ctx: AppContext, store: StoreRecord, body: ChatWithSellerBody, token: string | undefined) {
  const settings = await assertMessagesEnabled(ctx.db, store.id);
  const about = await subjectOf(ctx.db, store.id, body);
  await assertNotBanned(ctx.db, store.id, body.email);
  await countBuyerHit(ctx, 'messages', store.id, body.email);

  const subject = and(
    eq(conversations.storeId, store.id),
    eq(conversations.vendorId, about.vendorId),
    eq(conversations.buyerEmail, body.email),
    about.productId
      ? eq(conversations.productId, about.productId)
      : and(isNull(conversations.productId), isNull(conversations.vendorOrderId)),
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
          vendorId: about.vendorId,
          buyerEmail: body.email,
          buyerName: body.name ?? '',
          productId: about.productId,
          productTitle: about.productTitle,
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
  // The buyer reads its own message as the seller will: a party never receives what the mask hid.
  const partiesMasked = (await partiesReadMasked(ctx.db, settings, [row]))(row);
  return {
    conversationId: row.id,
    token: issueBuyerToken(ctx, { storeId: store.id, conversationId: row.id }, row.buyerEmail),
    message: presentMessage(saved, { masked: partiesMasked, partiesMasked }, row),
  };
}
