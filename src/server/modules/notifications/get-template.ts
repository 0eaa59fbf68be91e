import { and, eq } from 'drizzle-orm';
import { isTemplateName, NOTIFICATION_MESSAGES, type TemplateDetail, type TemplateName } from '#shared/schemas/notifications';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { notificationTemplates } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import { getStore } from '../stores/index.ts';
import { readNotificationSettings } from './notification-settings.ts';
import { TEMPLATES, templateVariables } from './templates/index.ts';

/** A template named by a path; 404 for a name the catalogue does not have. */
export function requireTemplateName(name: string): TemplateName {
  if (!isTemplateName(name)) throw notFound(NOTIFICATION_MESSAGES.unknownTemplate);
  return name;
}

export async function findTemplateOverride(db: Db, storeId: string, name: TemplateName) {
  const [row] = await db
    .select()
    .from(notificationTemplates)
    .where(and(eq(notificationTemplates.storeId, storeId), eq(notificationTemplates.template, name)));
  return row ?? null;
}

/** A template as the editor shows it: the store's body and subject (or the defaults), the defaults, the variables. */
export async function getTemplate(ctx: AppContext, storeId: string, templateName: string): Promise<TemplateDetail> {
  const name = requireTemplateName(templateName);
  const [settings, override, store] = await Promise.all([
    readNotificationSettings(ctx.db, storeId),
    findTemplateOverride(ctx.db, storeId, name),
    getStore(ctx.db, storeId),
  ]);
  const definition = TEMPLATES[name];
  return {
    name,
    description: definition.description,
    htmlBody: override?.htmlBody || definition.html,
    defaultHtml: definition.html,
    subject: override?.subject || definition.subject,
    defaultSubject: definition.subject,
    variables: templateVariables(name, store.settings.currency),
    enabled: settings.templates[name].enabled,
    customised: !!(override?.htmlBody || override?.subject),
  };
}
