import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { BUYER_TOKEN_HEADER, CONVERSATION_MESSAGES, type Participant } from '#shared/schemas/conversations';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { conversations } from '#server/db/schema/index';
import { notFound, unauthorized } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { isUuid } from '#server/lib/is-uuid';
import { readStoreSettings } from '../settings/index.ts';
import { readBuyerToken, verifyBuyerToken } from './buyer-token.ts';
import { inVendorScope } from '../vendors/index.ts';

export type ConversationRow = typeof conversations.$inferSelect;

/** Who reads or writes a conversation: a back-office user, or a buyer holding a conversation's token. */
export type ConversationViewer =
  | { kind: 'user'; auth: AuthContext }
  | { kind: 'buyer'; storeId: string; conversationId: string; email: string };

export const viewerStore = (viewer: ConversationViewer) => (viewer.kind === 'user' ? viewer.auth.storeId : viewer.storeId);

/** The side whose read state a viewer keeps: the buyer, or the seller (a vendor, or an admin in a vendor's view). */
export function readingSide(viewer: ConversationViewer): Participant | null {
  if (viewer.kind === 'buyer') return 'buyer';
  // An admin in the marketplace view moderates; reading does not mark the vendor's messages read.
  return viewer.auth.vendorId ? 'seller' : null;
}

/**
 * The one rule of who sees which conversations: the caller's store; a vendor (or an admin in its
 * view) only its own; a buyer only the conversation its token names. Every conversation call reads through this.
 */
export function conversationScope(viewer: ConversationViewer): SQL {
  if (viewer.kind === 'buyer') {
    return and(
      eq(conversations.storeId, viewer.storeId),
      eq(conversations.id, viewer.conversationId),
      eq(conversations.buyerEmail, viewer.email),
    )!;
  }
  const { auth } = viewer;
  return inVendorScope(conversations, auth);
}

/** A conversation within the viewer's scope, else 404 (another vendor's or store's reads as not found). */
export async function getScopedConversation(
  db: Db,
  viewer: ConversationViewer,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ConversationRow> {
  if (!isUuid(id)) throw notFound(CONVERSATION_MESSAGES.notFound);
  const query = db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), conversationScope(viewer)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(CONVERSATION_MESSAGES.notFound);
  return row;
}

/** The store has conversations switched on (buyers' calls carry no session the route guard could check). */
export async function assertMessagesEnabled(db: Db, storeId: string) {
  const settings = await readStoreSettings(db, storeId);
  if (!settings.features.messages.enabled) throw notFound();
  return settings;
}

/**
 * The viewer of a request: the signed-in user, or the buyer whose token (X-Buyer-Token header, or
 * `token` in the query for links and event streams) matches a conversation of a store with messages on.
 */
export async function resolveViewer(ctx: AppContext, request: FastifyRequest): Promise<ConversationViewer> {
  if (request.auth) return { kind: 'user', auth: request.auth };
  const header = request.headers[BUYER_TOKEN_HEADER];
  const token = typeof header === 'string' ? header : (request.query as { token?: unknown } | undefined)?.token;
  const claim = typeof token === 'string' ? readBuyerToken(token) : null;
  if (!claim || !isUuid(claim.conversationId)) throw unauthorized(CONVERSATION_MESSAGES.noBuyerToken);
  const [row] = await ctx.db
    .select({ email: conversations.buyerEmail })
    .from(conversations)
    .where(and(eq(conversations.storeId, claim.storeId), eq(conversations.id, claim.conversationId)));
  if (!row || !verifyBuyerToken(ctx, claim, row.email)) throw unauthorized(CONVERSATION_MESSAGES.noBuyerToken);
  await assertMessagesEnabled(ctx.db, claim.storeId);
  return { kind: 'buyer', storeId: claim.storeId, conversationId: claim.conversationId, email: row.email };
}
