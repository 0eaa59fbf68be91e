import { z } from 'zod';
import {
  BUYER_TOKEN_HEADER,
  ChatWithBuyerAnswerSchema,
  ChatWithBuyerQuerySchema,
  ChatWithSellerAnswerSchema,
  ChatWithSellerBodySchema,
  ConversationInboxQuerySchema,
  ConversationListAnswerSchema,
  ModerateAnswerSchema,
  ModerateBodySchema,
  SendMessageAnswerSchema,
  SendMessageBodySchema,
} from '#shared/schemas/conversations';
import { StoreQuerySchema } from '#shared/schemas/public';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { resolvePublicStore } from '../stores/index.ts';
import { chatWithBuyer } from './chat-with-buyer.ts';
import { chatWithSeller } from './chat-with-seller.ts';
import { conversationEvents } from './conversation-events.ts';
import { resolveViewer } from './conversation-scope.ts';
import { listConversations } from './list-conversations.ts';
import { moderateConversation } from './moderate-conversation.ts';
import { sendConversationMessage } from './send-conversation-message.ts';
import { streamConversationEvents } from './stream-conversation-events.ts';
import { assertAddon } from '../installation/index.ts';

const tags = ['conversations'];
/** Per-address limit of the buyers' first call (the per-buyer spam limits are in append-message.ts). */
const CHAT_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
const BuyerTokenHeaders = z.object({ [BUYER_TOKEN_HEADER]: z.string().max(500).optional() }).loose();
const buyerOr = 'Signed-in users, or a buyer with its conversation token in the X-Buyer-Token header';

export function registerConversationRoutes(app: App, ctx: AppContext) {
  // preClose: the open event streams end before the server waits for its connections to go.
  app.addHook('preClose', () => conversationEvents(ctx).close());

  app.get(
    '/api/conversations',
    {
      config: { policy: 'public-or-user', feature: 'messages' },
      schema: {
        tags,
        summary: `The inbox (25 a page, latest first; status all, unread, unanswered; q) and the open conversation's messages, which its reader has then read. ${buyerOr}`,
        querystring: ConversationInboxQuerySchema,
        headers: BuyerTokenHeaders,
        response: { 200: ConversationListAnswerSchema },
      },
    },
    async (request) => {
      const { token: _token, ...query } = request.query;
      return listConversations(ctx, await resolveViewer(ctx, request), query);
    },
  );

  app.put(
    '/api/conversations/send',
    {
      config: { policy: 'public-or-user', feature: 'messages' },
      schema: {
        tags,
        summary: `Send a message (text up to 500 characters, an image from the messages upload proxy, replyAs for admins). ${buyerOr}`,
        body: SendMessageBodySchema,
        headers: BuyerTokenHeaders,
        response: { 200: SendMessageAnswerSchema },
      },
    },
    async (request) => {
      const viewer = await resolveViewer(ctx, request);
      // Buyers always reach the seller; answering them is what the conversations add-on sells.
      if (viewer.kind === 'user') await assertAddon(ctx.db, viewer.auth, ctx.now(), 'conversations');
      return sendConversationMessage(ctx, viewer, request.body);
    },
  );

  app.post(
    '/api/conversations/chat-with-seller',
    {
      config: { policy: 'public', feature: 'messages', rateLimit: CHAT_RATE_LIMIT },
      schema: {
        tags,
        summary:
          "A buyer writes to a product's seller: opens the conversation and answers its buyer token (a later message about the same product needs the token)",
        querystring: StoreQuerySchema,
        headers: BuyerTokenHeaders,
        body: ChatWithSellerBodySchema,
        response: { 201: ChatWithSellerAnswerSchema },
      },
    },
    async (request, reply) => {
      const store = await resolvePublicStore(ctx, request.body.store ?? request.query.store, request.hostname);
      const token = request.headers[BUYER_TOKEN_HEADER];
      return reply.status(201).send(await chatWithSeller(ctx, store, request.body, typeof token === 'string' ? token : undefined));
    },
  );

  app.get(
    '/api/conversations/chat-with-buyer',
    {
      config: { policy: 'user', feature: 'messages' },
      schema: {
        tags,
        summary: "The conversation with a vendor order's buyer (opened on first use)",
        querystring: ChatWithBuyerQuerySchema,
        response: { 200: ChatWithBuyerAnswerSchema },
      },
    },
    async (request) => chatWithBuyer(ctx, requireAuth(request), request.query.orderId),
  );

  app.post(
    '/api/conversations/moderate',
    {
      config: { policy: 'admin', feature: 'messages' },
      schema: {
        tags,
        summary: "Moderation: ban the conversation's buyer, or delete the conversation",
        body: ModerateBodySchema,
        response: { 200: ModerateAnswerSchema },
      },
    },
    async (request) => moderateConversation(ctx, requireAuth(request), request.body),
  );

  app.get(
    '/api/conversations/events',
    {
      config: { policy: 'public-or-user', feature: 'messages' },
      schema: {
        tags,
        summary: `Server-sent events: one "conversation" event ({conversationId, kind}) per change the caller may see. ${buyerOr} (or ?token=)`,
        querystring: z.object({ token: z.string().max(500).optional() }),
        headers: BuyerTokenHeaders,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => streamConversationEvents(ctx, await resolveViewer(ctx, request), request, reply),
  );
}
