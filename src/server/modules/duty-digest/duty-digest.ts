import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '#server/context';
import { conversations, products, stores, vendorApplications, vendorOrders } from '#server/db/schema/index';
import { activeAdminEmails, DUTY_DIGEST_JOB, nextDigestAt, readNotificationSettings, scheduleDutyDigest } from '../notifications/index.ts';
import { OPEN_ORDER } from '../orders/index.ts';
import { countUpTo } from '#server/db/count-up-to';

/** Counts in a digest stop here ("1000+" reads the same to a person deciding what to do first). */
const DIGEST_COUNT_CAP = 1000;

export function registerDutyDigestJob(ctx: AppContext) {
  ctx.jobs.register(DUTY_DIGEST_JOB, (payload) => sendDutyDigest(ctx, payload));
}

/** At start: every store's next digest (stores made since the last start included). */
export async function scheduleAllDutyDigests(ctx: AppContext) {
  for (const { id } of await ctx.db.select({ id: stores.id }).from(stores)) await scheduleDutyDigest(ctx, id);
}

/**
 * The daily to-do mail to a store's admins: products to review, applications to decide, orders
 * waiting for a shipment, buyers waiting for an answer. Sent only when something waits, then the
 * next day's is queued. A job whose time no longer matches the settings (the hour was changed)
 * queues the right one instead.
 */
export async function sendDutyDigest(ctx: AppContext, payload: z.infer<typeof DUTY_DIGEST_JOB.payload>) {
  const { storeId } = payload;
  const at = new Date(payload.at);
  const settings = await readNotificationSettings(ctx.db, storeId);
  if (nextDigestAt(settings, new Date(at.getTime() - 1)).getTime() !== at.getTime()) {
    await scheduleDutyDigest(ctx, storeId);
    return;
  }
  const counts = {
    pending_products: await countUpTo(
      ctx.db,
      products,
      and(eq(products.storeId, storeId), eq(products.approved, false), ne(products.status, 'ARCHIVED')),
      DIGEST_COUNT_CAP,
    ),
    pending_applications: await countUpTo(
      ctx.db,
      vendorApplications,
      and(eq(vendorApplications.storeId, storeId), eq(vendorApplications.status, 'pending')),
      DIGEST_COUNT_CAP,
    ),
    unfulfilled_orders: await countUpTo(ctx.db, vendorOrders, and(eq(vendorOrders.storeId, storeId), OPEN_ORDER), DIGEST_COUNT_CAP),
    // A conversation waits for an answer while the buyer spoke last.
    unanswered_conversations: await countUpTo(
      ctx.db,
      conversations,
      and(eq(conversations.storeId, storeId), eq(conversations.lastSender, 'buyer')),
      DIGEST_COUNT_CAP,
    ),
  };
  if (Object.values(counts).some((n) => n > 0)) {
    const date = at.toISOString().slice(0, 10);
    for (const email of await activeAdminEmails(ctx.db, storeId)) {
      await ctx.mailer.send({
        storeId,
        template: 'marketplace-duty-digest',
        to: email,
        vars: { ...counts, date, link: `${ctx.config.publicUrl}/app` },
        dedupeKey: `${DUTY_DIGEST_JOB.type}:${storeId}:${date}:${email}`,
      });
    }
  }
  await scheduleDutyDigest(ctx, storeId, at);
}
