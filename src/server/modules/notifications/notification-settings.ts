import { eq, sql } from 'drizzle-orm';
import {
  NotificationSettingsSchema,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type ReminderTemplate,
} from '#shared/schemas/notifications';
import type { Db } from '#server/db/client';
import { stores } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import { MSG } from '#shared/messages';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Stored notification settings with every default filled in. A stored section that no longer
 * validates keeps its valid fields and defaults the others, so a bad value never stops the mails.
 */
export function parseNotificationSettings(stored: unknown): NotificationSettings {
  const raw = isRecord(stored) ? stored : {};
  const parsed = NotificationSettingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const settings = NotificationSettingsSchema.parse({});
  const shape = NotificationSettingsSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const field = shape[key].safeParse(raw[key]);
    if (field.success) Object.assign(settings, { [key]: field.data });
  }
  return settings;
}

/** The notification settings of a store (`stores.settings.notifications`); 404 for an unknown store. */
export async function readNotificationSettings(db: Db, storeId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ notifications: sql<unknown>`${stores.settings} -> 'notifications'` })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!row) throw notFound(MSG.unknownStore);
  return parseNotificationSettings(row.notifications);
}

/**
 * Changes a store's notification settings in one transaction (the row is locked, so two admins
 * saving at once do not lose each other's change). Only the `notifications` key of
 * `stores.settings` is written; the other sections are left as they are.
 */
export async function changeNotificationSettings(
  db: Db,
  storeId: string,
  change: (current: NotificationSettings) => NotificationSettings,
): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ notifications: sql<unknown>`${stores.settings} -> 'notifications'` })
      .from(stores)
      .where(eq(stores.id, storeId))
      .for('update');
    if (!row) throw notFound(MSG.unknownStore);
    const next = NotificationSettingsSchema.parse(change(parseNotificationSettings(row.notifications)));
    await tx
      .update(stores)
      .set({ settings: sql`jsonb_set(${stores.settings}, '{notifications}', ${JSON.stringify(next)}::jsonb, true)` })
      .where(eq(stores.id, storeId));
    return next;
  });
}

/** PUT settings: replaces everything the admin edits; the integration stays as it is. */
export function updateNotificationSettings(db: Db, storeId: string, update: NotificationSettingsUpdate) {
  return changeNotificationSettings(db, storeId, (current) => ({ ...update, integration: current.integration }));
}

/** When reminder `template` of an order placed at `placedAt` is due. */
export function reminderSendAt(settings: NotificationSettings, template: ReminderTemplate, placedAt: Date): Date {
  return new Date(placedAt.getTime() + settings.templates[template].delayInHours * 3600_000);
}

/** The next time the duty digest is due after `now`: today at digestSendAtHourUtc, else tomorrow. */
export function nextDigestAt(settings: NotificationSettings, now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), settings.digestSendAtHourUtc));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}
