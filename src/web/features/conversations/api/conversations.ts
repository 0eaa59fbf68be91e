import useSWR, { mutate } from 'swr';
import type { ConversationListAnswer, ConversationListQuery, Message, SendMessageBody } from '#shared/schemas/conversations';
import { endpoint } from '../../../api/endpoint.ts';

export type { Conversation, ConversationListAnswer, ConversationStatus, Cta, Message } from '#shared/schemas/conversations';

export const CONVERSATIONS_KEY = 'conversations';

const listConversations = endpoint<ConversationListQuery, ConversationListAnswer>({ path: 'conversations', query: ['q', 'conversationId', 'status', 'page'] });
const putSend = endpoint<SendMessageBody, { message: Message }>({ method: 'PUT', path: 'conversations/send', body: ['conversationId', 'text', 'image', 'replyAs'] });
const postModerate = endpoint<{ conversationId: string; action: 'ban' | 'delete' }, { ok: true }>({
  method: 'POST',
  path: 'conversations/moderate',
  body: ['conversationId', 'action'],
});
const getChatWithBuyer = endpoint<{ orderId: string }, { conversationId: string }>({ path: 'conversations/chat-with-buyer', query: ['orderId'] });

/**
 * GET conversations: the inbox page and the open conversation's messages. While the live stream is
 * down the screen polls (refreshInterval), so a new message still arrives without a reload.
 */
export function useConversations(query: ConversationListQuery, { polling }: { polling: boolean }) {
  return useSWR([CONVERSATIONS_KEY, query], () => listConversations(query), { keepPreviousData: true, refreshInterval: polling ? 10_000 : 0 });
}

/** Every inbox answer is stale after a message, a moderation or a live event. */
export function revalidateConversations() {
  return mutate((key) => Array.isArray(key) && key[0] === CONVERSATIONS_KEY);
}

export async function sendMessage(body: SendMessageBody) {
  const answer = await putSend(body);
  await revalidateConversations();
  return answer;
}

export async function moderateConversation(conversationId: string, action: 'ban' | 'delete') {
  await postModerate({ conversationId, action });
  await revalidateConversations();
}

/** GET conversations/chat-with-buyer: the conversation with an order's buyer (opened on first use). */
export const chatWithBuyer = (orderId: string) => getChatWithBuyer({ orderId });
