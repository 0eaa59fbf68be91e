import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { CONVERSATION_MESSAGES, MAIL_QUIET_PERIOD_MS, SPAM_LIMITS, type Participant } from '#shared/schemas/conversations';
import type { Settings } from '#shared/schemas/settings';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { bannedBuyers, conversationMessages, conversations, files, orders, stores, vendorOrders, vendors } from '#server/db/schema/index';
import { AppError, badRequest } from '#server/http/errors';
import { countHit } from '#server/http/rate-limit-store';
import { languageOfCountry } from '../documents/index.ts';
import { activeVendorEmails } from '../notifications/index.ts';
import { fileLocation } from '../uploads/index.ts';
import { issueBuyerToken } from './buyer-token.ts';
import { partiesReadMasked } from './contact-visibility.ts';
import type { ConversationRow } from './conversation-scope.ts';
import { buyerLabel, type MessageRow } from './present-conversation.ts';

export interface NewMessage {
  sender: Participant;
  text: string;
  image: string | null;
}

/** A banned buyer writes nothing more in the store. */
export async function assertNotBanned(db: Db, storeId: string, email: string) {
  const [ban] = await db
    .select({ email: bannedBuyers.email })
    .from(bannedBuyers)
    .where(and(eq(bannedBuyers.storeId, storeId), eq(bannedBuyers.email, email)));
  if (ban) throw new AppError('forbidden', CONVERSATION_MESSAGES.banned);
}

/** Spam limit: counted in PostgreSQL per store and buyer, so it holds across processes and addresses. */
export async function countBuyerHit(ctx: AppContext, kind: keyof typeof SPAM_LIMITS, storeId: string, email: string, db: Db = ctx.db) {
  const limit = SPAM_LIMITS[kind];
  const hit = await countHit(db, `conversations:${kind}:${storeId}:${email}`, limit.windowMs, ctx.now());
  if (hit.current > limit.max) {
    throw new AppError(
      'rate_limited',
      kind === 'messages' ? CONVERSATION_MESSAGES.tooManyMessages : CONVERSATION_MESSAGES.tooManyConversations,
    );
  }
}

/** An image must be a completed upload of this store through the `messages` proxy (its location as the upload answered it). */
async function checkImage(ctx: AppContext, db: Db, storeId: string, image: string): Promise<string> {
  const prefix = fileLocation(ctx.config, '');
  const key = image.startsWith(prefix) ? image.slice(prefix.length) : '';
  const [file] = key
    ? await db
        .select({ key: files.key })
        .from(files)
        .where(and(eq(files.storeId, storeId), eq(files.key, key), eq(files.proxy, 'messages')))
    : [];
  if (!file) throw badRequest(CONVERSATION_MESSAGES.imageNotFound, [{ path: 'image', message: CONVERSATION_MESSAGES.imageNotFound }]);
  return fileLocation(ctx.config, file.key);
}

async function senderName(db: Db, row: ConversationRow, sender: Participant): Promise<string> {
  if (sender === 'buyer') return buyerLabel(row);
  if (sender === 'seller') {
    const [vendor] = await db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, row.vendorId));
    return vendor?.name ?? '';
  }
  const [store] = await db.select({ name: stores.shopName }).from(stores).where(eq(stores.id, row.storeId));
  return store?.name ?? '';
}

/**
 * Adds a message to a conversation (the caller holds the row locked): the other side's unread count
 * goes up, the writer's side has read everything, and the other side is mailed unless it was
 * mailed within the quiet period (claimed with one conditional UPDATE, so two processes never both mail).
 */
export async function appendMessage(
  ctx: AppContext,
  tx: Db,
  row: ConversationRow,
  message: NewMessage,
  settings: Settings,
): Promise<MessageRow> {
  const image = message.image ? await checkImage(ctx, tx, row.storeId, message.image) : null;
  const name = await senderName(tx, row, message.sender);
  const now = ctx.now();
  const [saved] = await tx
    .insert(conversationMessages)
    .values({
      storeId: row.storeId,
      conversationId: row.id,
      position: row.messageCount + 1,
      sender: message.sender,
      senderName: name,
      text: message.text,
      image,
      createdAt: now,
    })
    .returning();
  const fromBuyer = message.sender === 'buyer';
  await tx
    .update(conversations)
    .set({
      lastMessage: message.text || (image ? '📷' : ''),
      lastSender: message.sender,
      lastMessageAt: now,
      messageCount: row.messageCount + 1,
      sellerUnread: fromBuyer ? sql`${conversations.sellerUnread} + 1` : 0,
      buyerUnread: fromBuyer ? 0 : sql`${conversations.buyerUnread} + 1`,
    })
    .where(and(eq(conversations.storeId, row.storeId), eq(conversations.id, row.id)));
  await mailOtherSide(ctx, tx, row, saved, settings);
  return saved;
}

async function mailOtherSide(ctx: AppContext, tx: Db, row: ConversationRow, message: MessageRow, settings: Settings) {
  const toSeller = message.sender === 'buyer';
  const column = toSeller ? conversations.sellerNotifiedAt : conversations.buyerNotifiedAt;
  const now = ctx.now();
  const [claimed] = await tx
    .update(conversations)
    .set(toSeller ? { sellerNotifiedAt: now } : { buyerNotifiedAt: now })
    .where(
      and(
        eq(conversations.storeId, row.storeId),
        eq(conversations.id, row.id),
        or(isNull(column), lt(column, new Date(now.getTime() - MAIL_QUIET_PERIOD_MS))),
      ),
    )
    .returning({ id: conversations.id });
  if (!claimed) return;
  // The body stays out of mails while the parties read contact details masked: a mail cannot be masked after the fact.
  const masked = (await partiesReadMasked(tx, settings, [row]))(row);
  const body = masked ? '' : message.text;
  if (toSeller) {
    const [vendor] = await tx.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, row.vendorId));
    const link = `${ctx.config.publicUrl}/app/conversations?conversationId=${row.id}`;
    for (const to of await activeVendorEmails(tx, row.storeId, row.vendorId)) {
      await ctx.mailer.send(
        {
          storeId: row.storeId,
          template: 'vendor-new-message',
          to,
          vars: {
            vendor: vendor?.name ?? '',
            buyer_name: buyerLabel(row, masked),
            product_title: row.productTitle ?? row.orderName ?? '',
            message: body,
            link,
          },
          dedupeKey: `conversation-message:${message.id}:${to}`,
        },
        tx,
      );
    }
    return;
  }
  const token = issueBuyerToken(ctx, { storeId: row.storeId, conversationId: row.id }, row.buyerEmail);
  await ctx.mailer.send(
    {
      storeId: row.storeId,
      template: 'buyer-new-message',
      to: row.buyerEmail,
      vars: {
        seller_name: message.senderName,
        product_title: row.productTitle ?? row.orderName ?? '',
        message: body,
        link: `${ctx.config.publicUrl}/app/chat/${token}`,
      },
      language: await buyerLanguage(tx, row),
      dedupeKey: `conversation-message:${message.id}:${row.buyerEmail}`,
    },
    tx,
  );
}

/**
 * The buyer's language when the conversation is about an order: the language of its shipping
 * (else billing) country, as the order's documents read it; unknown (the store's default) otherwise.
 */
async function buyerLanguage(tx: Db, row: ConversationRow) {
  if (!row.vendorOrderId) return undefined;
  const [order] = await tx
    .select({ shipping: orders.shippingAddress, billing: orders.billingAddress })
    .from(vendorOrders)
    .innerJoin(orders, and(eq(orders.storeId, vendorOrders.storeId), eq(orders.id, vendorOrders.orderId)))
    .where(and(eq(vendorOrders.storeId, row.storeId), eq(vendorOrders.id, row.vendorOrderId)));
  return order ? languageOfCountry((order.shipping ?? order.billing)?.country) : undefined;
}
