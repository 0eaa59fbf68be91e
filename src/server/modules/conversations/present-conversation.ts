import type { Conversation, Cta, Message } from '#shared/schemas/conversations';
import type { conversationMessages } from '#server/db/schema/index';
import type { ConversationRow, ConversationViewer } from './conversation-scope.ts';
import { maskContactDetails } from './mask-contact-details.ts';

export type MessageRow = typeof conversationMessages.$inferSelect;

/** What presenting a conversation needs besides its row. */
export interface PresentOptions {
  vendorName: string;
  isBanned: boolean;
  hideContactDetails: boolean;
}

/** Admins moderate, so they read messages as written; vendors and buyers read them masked when the store says so. */
export const readsMasked = (viewer: ConversationViewer, hideContactDetails: boolean) =>
  hideContactDetails && !(viewer.kind === 'user' && viewer.auth.isAdmin);

export const buyerLabel = (row: Pick<ConversationRow, 'buyerName' | 'buyerEmail'>) => row.buyerName || row.buyerEmail.split('@')[0];

/**
 * The buttons the chat shows: open the product or the order in the app, and
 * for admins the moderation calls (a call back with the conversation id, after a prompt).
 */
function ctasFor(row: ConversationRow, viewer: ConversationViewer): Cta[] {
  if (viewer.kind === 'buyer') return [];
  const ctas: Cta[] = [];
  if (row.vendorOrderId) ctas.push({ label: 'View order', redirect: `/orders/${row.vendorOrderId}`, variant: 'primary' });
  if (row.productId) ctas.push({ label: 'View product', redirect: `/products/${row.productId}`, variant: 'info' });
  if (viewer.auth.isAdmin) {
    ctas.push(
      { label: 'Ban buyer', callbackUrl: 'conversations/moderate?action=ban', variant: 'danger', prompt: { title: 'Ban this buyer from every conversation?', confirmText: 'Ban' } },
      { label: 'Delete conversation', callbackUrl: 'conversations/moderate?action=delete', variant: 'danger', prompt: { title: 'Delete this conversation and its messages?', confirmText: 'Delete' } },
    );
  }
  return ctas;
}

export function presentConversation(row: ConversationRow, viewer: ConversationViewer, options: PresentOptions): Conversation {
  const masked = readsMasked(viewer, options.hideContactDetails);
  const isBuyer = viewer.kind === 'buyer';
  return {
    conversationId: row.id,
    buyer: { name: buyerLabel(row), email: masked && !isBuyer ? null : row.buyerEmail, isBanned: options.isBanned },
    seller: { id: row.vendorId, name: options.vendorName },
    product: row.productId ? { id: row.productId, title: row.productTitle ?? '' } : null,
    order: row.vendorOrderId ? { id: row.vendorOrderId, name: row.orderName ?? '' } : null,
    ctas: ctasFor(row, viewer),
    lastMessage: masked ? maskContactDetails(row.lastMessage) : row.lastMessage,
    isAnswered: row.lastSender !== 'buyer',
    lastMessageCreatedAt: row.lastMessageAt.toISOString(),
    unreadCount: isBuyer ? row.buyerUnread : row.sellerUnread,
    with: isBuyer ? options.vendorName : buyerLabel(row),
  };
}

export function presentMessage(row: MessageRow, masked: boolean): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    sender: row.sender,
    senderName: row.senderName,
    text: masked ? maskContactDetails(row.text) : row.text,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
  };
}
