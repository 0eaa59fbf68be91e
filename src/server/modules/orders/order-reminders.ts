import { and, eq, gt, inArray } from 'drizzle-orm';
import { REMINDER_TEMPLATES } from '#shared/schemas/notifications';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { lockUntilCommit } from '#server/db/advisory-lock';
import { jobs, vendorOrders, vendors } from '#server/db/schema/index';
import { activeVendorEmails, readNotificationSettings, reminderSendAt, SEND_EMAIL } from '../notifications/index.ts';
import { OPEN_FULFILLMENTS } from './order-scope.ts';
import { z } from 'zod';
import { defineJob, jobIds } from '#server/jobs/job-kind';

export const ORDER_REMINDER_JOB = defineJob('order-reminder', z.object({ vendorOrderId: jobIds.id, template: z.enum(REMINDER_TEMPLATES) }));
const HOUR_MS = 60 * 60 * 1000;
/** One reminder of an order to a person at most in this time, however many fall due together. */
const REMINDER_WINDOW_MS = 12 * HOUR_MS;

/**
 * Queues the three unfulfilled-order reminders of a new vendor order, each delayInHours after the
 * order (the store's notification settings when the order arrives), in the transaction that records
 * the order. Whether one is still sent is decided when it is due.
 */
export async function scheduleOrderReminders(ctx: AppContext, tx: Db, storeId: string, vendorOrderId: string, placedAt: Date) {
  const settings = await readNotificationSettings(tx, storeId);
  for (const template of REMINDER_TEMPLATES) {
    if (!settings.templates[template].enabled) continue;
    await ctx.jobs.enqueue(
      ORDER_REMINDER_JOB,
      { vendorOrderId, template },
      { runAt: reminderSendAt(settings, template, placedAt), dedupeKey: `${ORDER_REMINDER_JOB.type}:${vendorOrderId}:${template}` },
      tx,
    );
  }
}

/**
 * A due reminder: sent to the vendor's accounts only while the order still waits for a shipment,
 * and at most one reminder of the order to a person within REMINDER_WINDOW_MS. Reminders fall due
 * together when the server was down or the order arrived late (a platform's old order): the latest
 * due one speaks for the earlier ones, and the window keeps a reminder that follows right after
 * another from mailing the same person twice. The check and the queueing hold the order's lock, so
 * two workers running two reminders at once still send one.
 */
export async function sendOrderReminder(ctx: AppContext, { template, vendorOrderId }: z.infer<typeof ORDER_REMINDER_JOB.payload>) {
  const [row] = await ctx.db
    .select({ vendorOrder: vendorOrders, vendor: vendors.name })
    .from(vendorOrders)
    .innerJoin(vendors, eq(vendors.id, vendorOrders.vendorId))
    .where(eq(vendorOrders.id, vendorOrderId));
  if (!row || !OPEN_FULFILLMENTS.includes(row.vendorOrder.fulfillment)) return;
  const { vendorOrder } = row;
  const now = ctx.now();
  const settings = await readNotificationSettings(ctx.db, vendorOrder.storeId);
  const later = REMINDER_TEMPLATES.slice(REMINDER_TEMPLATES.indexOf(template) + 1);
  if (later.some((next) => settings.templates[next].enabled && reminderSendAt(settings, next, vendorOrder.placedAt) <= now)) return;
  const hours = Math.floor((now.getTime() - vendorOrder.placedAt.getTime()) / HOUR_MS);
  const mailKey = (reminder: string, email: string) => `${reminder}:${vendorOrder.id}:${email}`;
  await ctx.db.transaction(async (tx) => {
    await lockUntilCommit(tx, `${ORDER_REMINDER_JOB.type}:${vendorOrder.id}`);
    for (const email of await activeVendorEmails(tx, vendorOrder.storeId, vendorOrder.vendorId)) {
      const [recent] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.type, SEND_EMAIL.type),
            inArray(
              jobs.dedupeKey,
              REMINDER_TEMPLATES.map((reminder) => mailKey(reminder, email)),
            ),
            gt(jobs.createdAt, new Date(now.getTime() - REMINDER_WINDOW_MS)),
          ),
        )
        .limit(1);
      if (recent) continue;
      await ctx.mailer.send(
        {
          storeId: vendorOrder.storeId,
          template,
          to: email,
          vars: {
            vendor: row.vendor,
            order_name: vendorOrder.orderName,
            order_date: vendorOrder.placedAt.toISOString().slice(0, 10),
            hours,
            link: `${ctx.config.publicUrl}/app/orders/${vendorOrder.id}`,
          },
          dedupeKey: mailKey(template, email),
        },
        tx,
      );
    }
  });
}
