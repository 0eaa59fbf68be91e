import { eq } from 'drizzle-orm';
import { REMINDER_TEMPLATES } from '#shared/schemas/notifications';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { vendorOrders, vendors } from '#server/db/schema/index';
import { readNotificationSettings, reminderSendAt } from '../notifications/notification-settings.ts';
import { activeVendorEmails } from '../notifications/recipients.ts';
import { OPEN_FULFILLMENTS } from './order-scope.ts';
import { z } from 'zod';
import { defineJob, jobIds } from '#server/jobs/job-kind';

export const ORDER_REMINDER_JOB = defineJob('order-reminder', z.object({ vendorOrderId: jobIds.id, template: z.enum(REMINDER_TEMPLATES) }));
const HOUR_MS = 60 * 60 * 1000;

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

/** A due reminder: sent to the vendor's accounts only while the order still waits for a shipment. */
export async function sendOrderReminder(ctx: AppContext, { template, vendorOrderId }: z.infer<typeof ORDER_REMINDER_JOB.payload>) {
  const [row] = await ctx.db
    .select({ vendorOrder: vendorOrders, vendor: vendors.name })
    .from(vendorOrders)
    .innerJoin(vendors, eq(vendors.id, vendorOrders.vendorId))
    .where(eq(vendorOrders.id, vendorOrderId));
  if (!row || !OPEN_FULFILLMENTS.includes(row.vendorOrder.fulfillment)) return;
  const { vendorOrder } = row;
  const hours = Math.floor((ctx.now().getTime() - vendorOrder.placedAt.getTime()) / HOUR_MS);
  for (const email of await activeVendorEmails(ctx.db, vendorOrder.storeId, vendorOrder.vendorId)) {
    await ctx.mailer.send({
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
      dedupeKey: `${template}:${vendorOrder.id}:${email}`,
    });
  }
}
