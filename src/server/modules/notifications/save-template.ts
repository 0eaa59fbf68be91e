import { and, eq, sql } from 'drizzle-orm';
import type { TemplateDetail, TemplateUpdate } from '#shared/schemas/notifications';
import type { AppContext } from '#server/context';
import { notificationTemplates } from '#server/db/schema/index';
import { badRequest } from '#server/http/errors';
import { findTemplateOverride, getTemplate, requireTemplateName } from './get-template.ts';
import { parseTemplate, TemplateError, type TemplateKind } from './render.ts';
import { TEMPLATES } from './templates/index.ts';

function assertParses(source: string, kind: TemplateKind, path: string) {
  try {
    parseTemplate(source, kind);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    const message = `Invalid template: ${error.message}`;
    throw badRequest(message, [{ path, message }]);
  }
}

/**
 * Saves a store's own body (and subject) of a template. A template that is not valid Liquid is
 * refused (400 with Liquid's message and line/col) and nothing is saved. An empty body or subject,
 * or one equal to the default, means the default; with neither left the override row goes away.
 * An absent subject keeps the saved one.
 */
export async function saveTemplate(
  ctx: AppContext,
  storeId: string,
  templateName: string,
  update: TemplateUpdate,
): Promise<TemplateDetail> {
  const name = requireTemplateName(templateName);
  const definition = TEMPLATES[name];
  const own = (value: string, fallback: string) => (value.trim() === '' || value === fallback ? null : value);
  const htmlBody = own(update.htmlBody, definition.html);
  if (htmlBody !== null) assertParses(htmlBody, 'html', 'htmlBody');
  let subject: string | null;
  if (update.subject === undefined) {
    subject = (await findTemplateOverride(ctx.db, storeId, name))?.subject ?? null;
  } else {
    subject = own(update.subject, definition.subject);
    if (subject !== null) assertParses(subject, 'text', 'subject');
  }
  const where = and(eq(notificationTemplates.storeId, storeId), eq(notificationTemplates.template, name));
  if (htmlBody === null && subject === null) {
    await ctx.db.delete(notificationTemplates).where(where);
  } else {
    await ctx.db
      .insert(notificationTemplates)
      .values({ storeId, template: name, htmlBody, subject })
      .onConflictDoUpdate({
        target: [notificationTemplates.storeId, notificationTemplates.template],
        set: { htmlBody, subject, updatedAt: sql`now()` },
      });
  }
  return getTemplate(ctx, storeId, name);
}
