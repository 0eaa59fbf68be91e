import type { Conversation, Cta, Message } from '#shared/schemas/conversations';
import type { conversationMessages } from '#server/db/schema/index';
import type { ConversationRow, ConversationViewer } from './conversation-scope.ts';
import type { MessageView } from './contact-visibility.ts';
import { maskContactDetails } from './mask-contact-details.ts';

export type MessageRow = typeof conversationMessages.$inferSelect;

/** What presenting a conversation needs besides its row. */
export interface PresentOptions {
  vendorName: string;
  isBanned: boolean;
  view: MessageView;
}

type Buyer = Pick<ConversationRow, 'buyerName' | 'buyerEmail'>;

/**
 * The buyer's name as a reader sees it: the name it gave, else its address's local part. While the
 * parties read contact details masked, a name is masked like a message and, without one, only the
 * local part's first letters show: the whole of it would spell out most of the address.
 */
export function buyerLabel(row: Buyer, masked = false): string {
  if (!masked) return row.buyerName || row.buyerEmail.split('@')[0];
  return row.buyerName ? maskContactDetails(row.buyerName) : `${row.buyerEmail.split('@')[0].slice(0, 3)}…`;
}

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
      {
        label: 'Ban buyer',
        callbackUrl: 'conversations/moderate?action=ban',
        variant: 'danger',
        prompt: { title: 'Ban this buyer from every conversation?', confirmText: 'Ban' },
      },
      {
        label: 'Delete conversation',
        callbackUrl: 'conversations/moderate?action=delete',
        variant: 'danger',
        prompt: { title: 'Delete this conversation and its messages?', confirmText: 'Delete' },
      },
    );
  }
  return ctas;
}

export function presentConversation(row: ConversationRow, viewer: ConversationViewer, options: PresentOptions): Conversation {
  const { masked } = options.view;
  const isBuyer = viewer.kind === 'buyer';
  return {
    conversationId: row.id,
    buyer: { name: buyerLabel(row, masked), email: masked && !isBuyer ? null : row.buyerEmail, isBanned: options.isBanned },
    seller: { id: row.vendorId, name: options.vendorName },
    product: row.productId ? { id: row.productId, title: row.productTitle ?? '' } : null,
    order: row.vendorOrderId ? { id: row.vendorOrderId, name: row.orderName ?? '' } : null,
    ctas: ctasFor(row, viewer),
    lastMessage: masked ? maskContactDetails(row.lastMessage) : row.lastMessage,
    isAnswered: row.lastSender !== 'buyer',
    lastMessageCreatedAt: row.lastMessageAt.toISOString(),
    unreadCount: isBuyer ? row.buyerUnread : row.sellerUnread,
    with: isBuyer ? options.vendorName : buyerLabel(row, masked),
  };
}

/** A message as the viewer reads it; a moderator also gets what the parties read instead, when that differs. */
export function presentMessage(row: MessageRow, view: MessageView, buyer: Buyer): Message {
  const partiesRead = view.partiesMasked ? maskContactDetails(row.text) : row.text;
  return {
    id: row.id,
    conversationId: row.conversationId,
    sender: row.sender,
    senderName: view.masked && row.sender === 'buyer' ? buyerLabel(buyer, true) : row.senderName,
    text: view.masked ? partiesRead : row.text,
    maskedText: !view.masked && partiesRead !== row.text ? partiesRead : null,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
  };
}
