import useSWR, { mutate } from 'swr';
import {
  ChatWithBuyerAnswerSchema,
  ChatWithBuyerQuerySchema,
  ConversationInboxQuerySchema,
  ConversationListAnswerSchema,
  ModerateAnswerSchema,
  ModerateBodySchema,
  SendMessageAnswerSchema,
  SendMessageBodySchema,
  type ConversationListQuery,
  type SendMessageBody,
} from '#shared/schemas/conversations';
import { endpoint } from '#web/api/endpoint.ts';

export type { Conversation, ConversationListAnswer, ConversationStatus, Cta, Message } from '#shared/schemas/conversations';

export const CONVERSATIONS_KEY = 'conversations';

const listConversations = endpoint({ path: 'conversations', request: ConversationInboxQuerySchema, answer: ConversationListAnswerSchema });
const putSend = endpoint({ method: 'PUT', path: 'conversations/send', request: SendMessageBodySchema, answer: SendMessageAnswerSchema });
const postModerate = endpoint({
  method: 'POST',
  path: 'conversations/moderate',
  request: ModerateBodySchema,
  answer: ModerateAnswerSchema,
});
const getChatWithBuyer = endpoint({
  path: 'conversations/chat-with-buyer',
  request: ChatWithBuyerQuerySchema,
  answer: ChatWithBuyerAnswerSchema,
});

/**
 * GET conversations: the inbox page and the open conversation's messages. While the live stream is
 * down the screen polls (refreshInterval), so a new message still arrives without a reload.
 */
export function useConversations(query: ConversationListQuery, { polling }: { polling: boolean }) {
  return useSWR([CONVERSATIONS_KEY, query], () => listConversations(query), {
    keepPreviousData: true,
    refreshInterval: polling ? 10_000 : 0,
  });
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
