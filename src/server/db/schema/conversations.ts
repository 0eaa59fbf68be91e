import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores, vendors } from './stores.ts';

export type ConversationParticipant = 'buyer' | 'seller' | 'admin';

/**
 * A buyer's conversation with one vendor, about a product (chat-with-seller) or an order
 * (chat-with-buyer). Read state is kept per side as unread counters (reset when that side opens it),
 * so the inbox and `missedMessages` count from the row, not from the messages.
 */
export const conversations = pgTable(
  'conversations',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    vendorId: uuid('vendor_id').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerName: text('buyer_name').notNull().default(''),
    /** The product or order it is about; titles are kept so the inbox never joins the catalog. */
    productId: uuid('product_id'),
    productTitle: text('product_title'),
    vendorOrderId: uuid('vendor_order_id'),
    orderName: text('order_name'),
    lastMessage: text('last_message').notNull().default(''),
    lastSender: text('last_sender').$type<ConversationParticipant>().notNull().default('buyer'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Messages written so far: the next message's position (messages of one millisecond keep their order). */
    messageCount: integer('message_count').notNull().default(0),
    sellerUnread: integer('seller_unread').notNull().default(0),
    buyerUnread: integer('buyer_unread').notNull().default(0),
    /** When each side was last mailed about a new message: one mail per quiet period. */
    sellerNotifiedAt: timestamp('seller_notified_at', { withTimezone: true }),
    buyerNotifiedAt: timestamp('buyer_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({ columns: [t.storeId, t.vendorId], foreignColumns: [vendors.storeId, vendors.id] }).onDelete('cascade'),
    // One conversation per buyer, vendor and subject (a product, an order, or neither).
    uniqueIndex('conversations_subject_uq').on(
      t.storeId,
      t.vendorId,
      t.buyerEmail,
      sql`coalesce(${t.productId}, ${t.vendorOrderId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('conversations_store_last_idx').on(t.storeId, t.lastMessageAt, t.id),
    index('conversations_store_vendor_last_idx').on(t.storeId, t.vendorId, t.lastMessageAt, t.id),
    // missedMessages and the unread tab read only the conversations a seller has not caught up with.
    index('conversations_seller_unread_idx').on(t.storeId, t.vendorId, t.lastMessageAt).where(sql`${t.sellerUnread} > 0`),
    index('conversations_store_buyer_idx').on(t.storeId, t.buyerEmail, t.createdAt),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    conversationId: uuid('conversation_id').notNull(),
    position: integer('position').notNull(),
    sender: text('sender').$type<ConversationParticipant>().notNull(),
    senderName: text('sender_name').notNull().default(''),
    /** As written; contact details are masked when read (the store's setting may change). */
    text: text('text').notNull(),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.storeId] }),
    foreignKey({
      columns: [t.storeId, t.conversationId],
      foreignColumns: [conversations.storeId, conversations.id],
      name: 'conversation_messages_conversation_fk',
    }).onDelete('cascade'),
    uniqueIndex('conversation_messages_position_uq').on(t.storeId, t.conversationId, t.position),
  ],
);

/** Buyers an admin banned from writing in a store's conversations (moderation). */
export const bannedBuyers = pgTable(
  'banned_buyers',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    email: text('email').notNull(),
    bannedAt: timestamp('banned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.email] })],
);
