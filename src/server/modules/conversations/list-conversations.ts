import { and, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  CONVERSATION_COUNT_CAP,
  CONVERSATIONS_PAGE_SIZE,
  ConversationListQuerySchema,
  MESSAGES_SHOWN,
  type ConversationListAnswer,
  type ConversationListQuery,
} from '#shared/schemas/conversations';
import type { AppContext } from '#server/context';
import { countUpTo } from '#server/db/count-up-to';
import { bannedBuyers, conversationMessages, conversations, vendors } from '#server/db/schema/index';
import { parseOrThrow } from '#server/http/validation';
import { readStoreSettings } from '../settings/index.ts';
import { conversationEvents } from './conversation-events.ts';
import { conversationScope, getScopedConversation, readingSide, viewerStore, type ConversationViewer } from './conversation-scope.ts';
import { messageViews } from './contact-visibility.ts';
import { presentConversation, presentMessage } from './present-conversation.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function statusFilter(viewer: ConversationViewer, status: string): SQL | undefined {
  const unread = viewer.kind === 'buyer' ? conversations.buyerUnread : conversations.sellerUnread;
  if (status === 'unread') return gt(unread, 0);
  if (status === 'unanswered') return eq(conversations.lastSender, 'buyer');
  return undefined;
}

/**
 * GET conversations: a page of the viewer's conversations, latest activity first, filtered by status
 * and a search over the buyer, the product and the order; with conversationId, that conversation and
 * its latest messages too, and the viewer's side has then read it.
 */
export async function listConversations(
  ctx: AppContext,
  viewer: ConversationViewer,
  input: ConversationListQuery,
): Promise<ConversationListAnswer> {
  const query = parseOrThrow(ConversationListQuerySchema, input);
  const storeId = viewerStore(viewer);
  const settings = await readStoreSettings(ctx.db, storeId);
  const q = query.q ? `%${escapeLike(query.q)}%` : null;
  // While vendors cannot read the buyer's address, they cannot search by it either (letter by letter it would spell it out).
  const searchesEmail = !settings.conversations.hideContactDetails || (viewer.kind === 'user' && viewer.auth.isAdmin);
  const where = and(
    conversationScope(viewer),
    statusFilter(viewer, query.status),
    q
      ? or(
          ilike(conversations.buyerName, q),
          searchesEmail ? ilike(conversations.buyerEmail, q) : undefined,
          ilike(conversations.productTitle, q),
          ilike(conversations.orderName, q),
        )
      : undefined,
  );
  const columns = { row: conversations, vendorName: vendors.name, banned: sql<boolean>`${bannedBuyers.email} is not null` };
  const select = () =>
    ctx.db
      .select(columns)
      .from(conversations)
      .innerJoin(vendors, eq(vendors.id, conversations.vendorId))
      .leftJoin(bannedBuyers, and(eq(bannedBuyers.storeId, conversations.storeId), eq(bannedBuyers.email, conversations.buyerEmail)));
  const [rows, total] = await Promise.all([
    select()
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(CONVERSATIONS_PAGE_SIZE)
      .offset((query.page - 1) * CONVERSATIONS_PAGE_SIZE),
    countUpTo(ctx.db, conversations, where, CONVERSATION_COUNT_CAP),
  ]);
  const openRow = query.conversationId ? await getScopedConversation(ctx.db, viewer, query.conversationId) : null;
  const viewOf = await messageViews(ctx.db, viewer, settings, [...rows.map((r) => r.row), ...(openRow ? [openRow] : [])]);
  const present = (r: (typeof rows)[number]) =>
    presentConversation(r.row, viewer, { vendorName: r.vendorName, isBanned: r.banned, view: viewOf(r.row) });

  let open: ConversationListAnswer['conversation'] = null;
  let messages: ConversationListAnswer['messages'] = [];
  if (openRow) {
    const row = openRow;
    const side = readingSide(viewer);
    if (side && (side === 'buyer' ? row.buyerUnread : row.sellerUnread) > 0) {
      await ctx.db
        .update(conversations)
        .set(side === 'buyer' ? { buyerUnread: 0 } : { sellerUnread: 0 })
        .where(and(eq(conversations.storeId, row.storeId), eq(conversations.id, row.id)));
      if (side === 'buyer') row.buyerUnread = 0;
      else row.sellerUnread = 0;
      await conversationEvents(ctx).publish({ storeId: row.storeId, vendorId: row.vendorId, conversationId: row.id, kind: 'read' });
    }
    const [[detail], latest] = await Promise.all([
      select().where(and(eq(conversations.storeId, row.storeId), eq(conversations.id, row.id))),
      ctx.db
        .select()
        .from(conversationMessages)
        .where(and(eq(conversationMessages.storeId, row.storeId), eq(conversationMessages.conversationId, row.id)))
        .orderBy(desc(conversationMessages.position))
        .limit(MESSAGES_SHOWN),
    ]);
    open = present({ ...detail, row });
    const view = viewOf(row);
    messages = latest.reverse().map((m) => presentMessage(m, view, row));
  }
  const conversationsOut = rows.map((r) => (open && r.row.id === open.conversationId ? open : present(r)));
  return {
    conversations: conversationsOut,
    count: total,
    pageCount: Math.ceil(total / CONVERSATIONS_PAGE_SIZE),
    conversation: open,
    messages,
  };
}
