import { z } from 'zod';
import { MSG } from '../messages.ts';
import { EmailSchema, StoreIdSchema } from './common.ts';

/** A conversation message holds at most 500 characters. */
export const MESSAGE_MAX = 500;
/** Conversations a page of the inbox holds. */
export const CONVERSATIONS_PAGE_SIZE = 25;
/** Counts stop here (1,000 pages): the inbox never counts a whole large store. */
export const CONVERSATION_COUNT_CAP = CONVERSATIONS_PAGE_SIZE * 1000;
/** The messages of the open conversation the inbox shows (the newest). */
export const MESSAGES_SHOWN = 200;

/** A side is mailed about new messages at most once per conversation in this period. */
export const MAIL_QUIET_PERIOD_MS = 15 * 60 * 1000;
/** Per buyer and store, whatever address or process the calls come through. */
export const SPAM_LIMITS = {
  messages: { max: 20, windowMs: 10 * 60 * 1000 },
  conversations: { max: 5, windowMs: 60 * 60 * 1000 },
} as const;

export const CONVERSATION_MESSAGES = {
  tooLong: `Must be at most ${MESSAGE_MAX} characters`,
  empty: 'Write a message or add an image',
  notFound: 'Conversation not found',
  banned: 'You can no longer send messages in this marketplace',
  tooManyMessages: 'Too many messages, please try again later',
  tooManyConversations: 'Too many new conversations, please try again later',
  productNotFound: 'This product is not available',
  vendorNotFound: 'This seller is not available',
  subjectRequired: 'Name the product or the seller to write to',
  noBuyerToken: 'Open the conversation from the link we e-mailed you',
  replyAsNotAllowed: 'You cannot reply as this participant',
  imageNotFound: 'Upload the image through the messages upload first',
  orderNotFound: 'Order not found',
} as const;

export const CONVERSATION_STATUSES = ['all', 'unread', 'unanswered'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export const PARTICIPANTS = ['buyer', 'seller', 'admin'] as const;
export type Participant = (typeof PARTICIPANTS)[number];
export const MODERATION_ACTIONS = ['ban', 'delete'] as const;

/** The header a buyer (not a back-office user) sends its conversation token in. */
export const BUYER_TOKEN_HEADER = 'x-buyer-token';

const MessageTextSchema = z.string({ error: MSG.required }).trim().max(MESSAGE_MAX, CONVERSATION_MESSAGES.tooLong);

/** GET conversations: the inbox (page of 25, newest activity first) and the messages of the open one. */
export const ConversationListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  conversationId: z.uuid({ error: CONVERSATION_MESSAGES.notFound }).optional(),
  status: z.enum(CONVERSATION_STATUSES).default('all'),
  page: z.coerce.number().int().min(1).max(1000, 'Must be at most 1000').default(1),
});
export type ConversationListQuery = z.input<typeof ConversationListQuerySchema>;
/** The route's query: the inbox's, plus the buyer's token (also accepted as ?token=, as the mailed link has it). */
export const ConversationInboxQuerySchema = ConversationListQuerySchema.extend({ token: z.string().max(500).optional() });

/** A call-to-action button: a redirect inside the app, or a call back (POST with the conversation id). */
export const CtaSchema = z.object({
  label: z.string(),
  callbackUrl: z.string().optional(),
  redirect: z.string().optional(),
  variant: z.enum(['primary', 'danger', 'info']),
  prompt: z.object({ title: z.string(), confirmText: z.string() }).optional(),
});
export type Cta = z.infer<typeof CtaSchema>;

export const ConversationSchema = z.object({
  conversationId: z.uuid(),
  buyer: z.object({ name: z.string(), email: z.string().nullable(), isBanned: z.boolean() }),
  seller: z.object({ id: z.uuid(), name: z.string() }),
  product: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  order: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  ctas: z.array(CtaSchema),
  lastMessage: z.string(),
  isAnswered: z.boolean(),
  lastMessageCreatedAt: z.string(),
  unreadCount: z.number().int(),
  /** The other party, as the caller sees it: the buyer for the seller's side, the seller for the buyer. */
  with: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const MessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  sender: z.enum(PARTICIPANTS),
  senderName: z.string(),
  /** As written for moderators (admins); with contact details hidden for the buyer and the vendor while the store masks them. */
  text: z.string(),
  /** Moderators only: what the buyer and the vendor read instead of `text`, when contact details were hidden from them; else null. */
  maskedText: z.string().nullable(),
  image: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationListAnswerSchema = z.object({
  conversations: z.array(ConversationSchema),
  /** Capped at CONVERSATION_COUNT_CAP. */
  count: z.number().int(),
  pageCount: z.number().int(),
  /** The conversation named by conversationId (also when the filters leave it out of the page). */
  conversation: ConversationSchema.nullable(),
  messages: z.array(MessageSchema),
});
export type ConversationListAnswer = z.infer<typeof ConversationListAnswerSchema>;

/** PUT conversations/send. */
export const SendMessageBodySchema = z
  .object({
    conversationId: z.uuid({ error: CONVERSATION_MESSAGES.notFound }),
    text: MessageTextSchema,
    /** The location the `messages` upload proxy answered. */
    image: z.string().max(2000).nullable(),
    /** Who the message is from: a vendor is the seller; an admin may answer as admin, seller or buyer. */
    replyAs: z
      .enum(PARTICIPANTS, { error: (issue) => (issue.input === undefined ? MSG.required : 'Must be admin, buyer or seller') })
      .nullable(),
  })
  .refine((body) => body.text.length > 0 || !!body.image, { message: CONVERSATION_MESSAGES.empty, path: ['text'] });
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

export const SendMessageAnswerSchema = z.object({ message: MessageSchema });

/**
 * POST conversations/chat-with-seller: a buyer writes to the seller of a product (`productId`), or
 * to a seller by its name (`targetVendor`, from its vendor page). The first message opens the
 * conversation and answers its buyer token; a later one needs that token (or the mailed link).
 */
export const ChatWithSellerBodySchema = z
  .object({
    store: StoreIdSchema.optional(),
    productId: z.uuid({ error: CONVERSATION_MESSAGES.productNotFound }).optional(),
    targetVendor: z.string().trim().min(3, 'Must be at least 3 characters').max(200).optional(),
    email: EmailSchema,
    name: z.string().trim().max(200).optional(),
    text: MessageTextSchema.min(1, MSG.required),
  })
  .refine((body) => !!body.productId !== !!body.targetVendor, { message: CONVERSATION_MESSAGES.subjectRequired, path: ['productId'] });
export type ChatWithSellerBody = z.infer<typeof ChatWithSellerBodySchema>;

export const ChatWithSellerAnswerSchema = z.object({
  conversationId: z.uuid(),
  /** Send it as the X-Buyer-Token header to read and answer this conversation. */
  token: z.string(),
  message: MessageSchema,
});

export const ChatWithBuyerQuerySchema = z.object({ orderId: z.uuid({ error: CONVERSATION_MESSAGES.orderNotFound }) });
export const ChatWithBuyerAnswerSchema = z.object({ conversationId: z.uuid() });

export const ModerateBodySchema = z.object({
  conversationId: z.uuid({ error: CONVERSATION_MESSAGES.notFound }),
  action: z.enum(MODERATION_ACTIONS),
});
export const ModerateAnswerSchema = z.object({ ok: z.literal(true) });

/** The event the live stream carries: something changed in this conversation. */
export const ConversationEventSchema = z.object({ conversationId: z.uuid(), kind: z.enum(['message', 'deleted', 'read']) });
export type ConversationEvent = z.infer<typeof ConversationEventSchema>;

/** Store settings of the conversations area (section `conversations`). */
export const ConversationSettingsSchema = z.object({
  /** Mask e-mail addresses, phone numbers, links and social handles in messages (and keep message bodies out of mails). */
  hideContactDetails: z.boolean().default(true),
  /** While they are hidden: show them once an order between the buyer and the vendor was delivered. */
  allowContactAfterDelivery: z.boolean().default(false),
});
