import { eq } from 'drizzle-orm';
import { TEMPLATE_NAMES, type TemplateList } from '#shared/schemas/notifications';
import type { AppContext } from '#server/context';
import { notificationTemplates } from '#server/db/schema/index';
import { readNotificationSettings } from './notification-settings.ts';
import { TEMPLATES } from './templates/index.ts';

/** Every template of the catalogue, in the spec's order, with the store's enabled flag and whether it is customised. */
export async function listTemplates(ctx: AppContext, storeId: string): Promise<TemplateList> {
  const [settings, overrides] = await Promise.all([
    readNotificationSettings(ctx.db, storeId),
    ctx.db.select().from(notificationTemplates).where(eq(notificationTemplates.storeId, storeId)),
  ]);
  const customised = new Set(overrides.filter((o) => o.htmlBody || o.subject).map((o) => o.template));
  return {
    templates: TEMPLATE_NAMES.map((name) => ({
      name,
      description: TEMPLATES[name].description,
      enabled: settings.templates[name].enabled,
      customised: customised.has(name),
    })),
  };
}
