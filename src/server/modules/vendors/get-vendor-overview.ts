import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { VENDOR_MESSAGES, VENDOR_OVERVIEW_COUNT_CAP, VENDOR_OVERVIEW_LATEST, type VendorOverview } from '#shared/schemas/vendors';
import type { Db } from '#server/db/client';
import { conversations, vendorApplications } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import { isUuid } from '#server/lib/is-uuid';
import { findVendorById } from './find-vendor.ts';
import { summarizeVendors } from './vendor-accounts.ts';

/** A capped count: the overview says "1000+" rather than walk a busy vendor's whole inbox. */
async function countConversations(db: Db, storeId: string, vendorId: string, unreadOnly: boolean) {
  const filter = and(
    eq(conversations.storeId, storeId),
    eq(conversations.vendorId, vendorId),
    unreadOnly ? gt(conversations.sellerUnread, 0) : undefined,
  );
  const capped = db.select({ one: sql`1` }).from(conversations).where(filter).limit(VENDOR_OVERVIEW_COUNT_CAP).as('capped');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.count ?? 0);
}

/**
 * One vendor as the admin's vendor page shows it: its accounts, the application it came from and
 * its latest conversations. Products, orders and money come from their own lists, filtered by vendor.
 */
export async function getVendorOverview(db: Db, storeId: string, vendorId: string): Promise<VendorOverview> {
  const vendor = isUuid(vendorId) ? await findVendorById(db, storeId, vendorId) : null;
  if (!vendor) throw notFound(VENDOR_MESSAGES.unknownVendor);
  const [summary] = await summarizeVendors(db, storeId, [vendor]);
  const [application] = await db
    .select()
    .from(vendorApplications)
    .where(
      and(
        eq(vendorApplications.storeId, storeId),
        eq(vendorApplications.vendorName, vendor.name),
        eq(vendorApplications.status, 'approved'),
      ),
    )
    .orderBy(desc(vendorApplications.decidedAt))
    .limit(1);
  const latest = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.storeId, storeId), eq(conversations.vendorId, vendor.id)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(VENDOR_OVERVIEW_LATEST);
  return {
    vendor: summary,
    application: application
      ? { email: application.email, createdAt: application.createdAt.toISOString(), fields: application.fields }
      : null,
    conversations: {
      count: await countConversations(db, storeId, vendor.id, false),
      unread: await countConversations(db, storeId, vendor.id, true),
      latest: latest.map((c) => ({
        conversationId: c.id,
        buyerName: c.buyerName,
        subject: c.productTitle ?? c.orderName,
        lastMessageAt: c.lastMessageAt.toISOString(),
        sellerUnread: c.sellerUnread,
      })),
    },
  };
}
