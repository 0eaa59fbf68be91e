import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Settings } from '#shared/schemas/settings';
import type { Db } from '#server/db/client';
import { orders, vendorOrders } from '#server/db/schema/index';
import type { ConversationRow, ConversationViewer } from './conversation-scope.ts';

type Parties = Pick<ConversationRow, 'storeId' | 'vendorId' | 'buyerEmail'>;

const pairKey = (vendorId: string, email: string) => `${vendorId} ${email.toLowerCase()}`;

/** The conversations among `rows` whose buyer has an order from that vendor fulfilled (delivered) and not cancelled. */
async function deliveredPairs(db: Db, storeId: string, rows: Parties[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const email = sql<string>`lower(${orders.customer}->>'email')`;
  const found = await db
    .selectDistinct({ vendorId: vendorOrders.vendorId, email })
    .from(vendorOrders)
    .innerJoin(orders, and(eq(orders.storeId, vendorOrders.storeId), eq(orders.id, vendorOrders.orderId)))
    .where(
      and(
        eq(vendorOrders.storeId, storeId),
        eq(vendorOrders.fulfillment, 'fulfilled'),
        isNull(orders.cancelledAt),
        inArray(vendorOrders.vendorId, [...new Set(rows.map((r) => r.vendorId))]),
        // The expression of orders_store_email_idx, so the buyers' orders are found by index.
        inArray(email, [...new Set(rows.map((r) => r.buyerEmail.toLowerCase()))]),
      ),
    );
  return new Set(found.map((r) => pairKey(r.vendorId, r.email)));
}

/**
 * Whether the parties of a conversation read each other's contact details masked: while the store
 * hides them, unless it allows them once an order between the two was delivered and one was.
 * Decided on every read from the orders as they are then, so a delivery reveals the details at once.
 */
export async function partiesReadMasked(db: Db, settings: Settings, rows: Parties[]): Promise<(row: Parties) => boolean> {
  const { hideContactDetails, allowContactAfterDelivery } = settings.conversations;
  if (!hideContactDetails) return () => false;
  if (!allowContactAfterDelivery || rows.length === 0) return () => true;
  const delivered = await deliveredPairs(db, rows[0].storeId, rows);
  return (row) => !delivered.has(pairKey(row.vendorId, row.buyerEmail));
}

/** Moderators (admins) read messages as written; the buyer and the vendor read them as the parties do. */
export const isModerator = (viewer: ConversationViewer) => viewer.kind === 'user' && viewer.auth.isAdmin;

/**
 * How a viewer reads messages: as written (`masked` false), or masked; a moderator also gets what the
 * parties read (`partiesMasked`), to see what was hidden from them.
 */
export interface MessageView {
  masked: boolean;
  partiesMasked: boolean;
}

export async function messageViews(
  db: Db,
  viewer: ConversationViewer,
  settings: Settings,
  rows: Parties[],
): Promise<(row: Parties) => MessageView> {
  const masks = await partiesReadMasked(db, settings, rows);
  const moderator = isModerator(viewer);
  return (row) => {
    const partiesMasked = masks(row);
    return { masked: partiesMasked && !moderator, partiesMasked };
  };
}
