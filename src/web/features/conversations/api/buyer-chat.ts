import ky from 'ky';
import useSWR from 'swr';
import type { ConversationListAnswer, Message } from '#shared/schemas/conversations';
import { HTTP_TIMEOUT_MS } from '#shared/limits';
import { call } from '#web/api/client.ts';

/**
 * A buyer is not signed in: its calls carry the conversation token from the mailed link
 * (X-Buyer-Token) instead of a session, so they use their own client that waits for no session.
 */
const buyerHttp = (token: string) =>
  ky.create({ prefixUrl: '/api', timeout: HTTP_TIMEOUT_MS, headers: { 'X-Buyer-Token': token }, retry: { limit: 2, methods: ['get'] } });

export function useBuyerConversation(token: string, conversationId: string, { polling }: { polling: boolean }) {
  return useSWR(
    ['buyer-conversation', token],
    () => call<ConversationListAnswer>(() => buyerHttp(token).get('conversations', { searchParams: { conversationId } }), 'GET'),
    {
      refreshInterval: polling ? 10_000 : 0,
    },
  );
}

export function sendBuyerMessage(token: string, conversationId: string, text: string) {
  return call<{ message: Message }>(
    () => buyerHttp(token).put('conversations/send', { json: { conversationId, text, image: null, replyAs: null } }),
    'PUT',
  );
}

/** The conversation a token names (its claim is readable; the server checks the signature). */
export function conversationOfToken(token: string): string | null {
  try {
    const [body] = token.split('.');
    const [, conversationId] = atob(body.replace(/-/g, '+').replace(/_/g, '/')).split(':');
    return conversationId || null;
  } catch {
    return null;
  }
}
