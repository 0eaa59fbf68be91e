import { CONVERSATION_MESSAGES, type Participant, type SendMessageBody } from '#shared/schemas/conversations';
import type { AppContext } from '#server/context';
import { AppError } from '#server/http/errors';
import { readStoreSettings } from '../settings/index.ts';
import { appendMessage, assertNotBanned, countBuyerHit } from './append-message.ts';
import { conversationEvents } from './conversation-events.ts';
import { getScopedConversation, viewerStore, type ConversationViewer } from './conversation-scope.ts';
import { messageViews } from './contact-visibility.ts';
import { presentMessage } from './present-conversation.ts';

/**
 * Who a message is from (replyAs): a buyer writes as the buyer, a vendor as the seller; an
 * admin as the marketplace by default, or as the seller or the buyer when it says so.
 */
function senderOf(viewer: ConversationViewer, replyAs: Participant | null): Participant {
  const own: Participant = viewer.kind === 'buyer' ? 'buyer' : viewer.auth.isAdmin ? 'admin' : 'seller';
  if (!replyAs || replyAs === own) return own;
  if (viewer.kind === 'user' && viewer.auth.isAdmin) return replyAs;
  throw new AppError('forbidden', CONVERSATION_MESSAGES.replyAsNotAllowed);
}

/** PUT conversations/send: one message into a conversation of the viewer's scope. */
export async function sendConversationMessage(ctx: AppContext, viewer: ConversationViewer, body: SendMessageBody) {
  const sender = senderOf(viewer, body.replyAs);
  const settings = await readStoreSettings(ctx.db, viewerStore(viewer));
  if (viewer.kind === 'buyer') {
    await assertNotBanned(ctx.db, viewer.storeId, viewer.email);
    await countBuyerHit(ctx, 'messages', viewer.storeId, viewer.email);
  }
  const { saved, row } = await ctx.db.transaction(async (tx) => {
    const row = await getScopedConversation(tx, viewer, body.conversationId, { forUpdate: true });
    return { row, saved: await appendMessage(ctx, tx, row, { sender, text: body.text, image: body.image }, settings) };
  });
  await conversationEvents(ctx).publish({ storeId: row.storeId, vendorId: row.vendorId, conversationId: row.id, kind: 'message' });
  const viewOf = await messageViews(ctx.db, viewer, settings, [row]);
  return { message: presentMessage(saved, viewOf(row), row) };
}
