import type { TemplatePreview } from '#shared/schemas/notifications';
import type { AppContext } from '#server/context';
import { badRequest } from '#server/http/errors';
import { getStore } from '../stores/index.ts';
import { findTemplateOverride, requireTemplateName } from './get-template.ts';
import { renderTemplate, TemplateError } from './render.ts';
import { sampleVars, TEMPLATES } from './templates/index.ts';

/**
 * Renders a template for the editor's live preview: the body (and subject) being edited, else the
 * saved ones, with the sample variables merged with `params`. A template that does not parse or
 * render answers 400 with Liquid's message; nothing is stored or sent.
 */
export async function previewTemplate(ctx: AppContext, storeId: string, templateName: string, input: TemplatePreview) {
  const name = requireTemplateName(templateName);
  const [store, override] = await Promise.all([getStore(ctx.db, storeId), findTemplateOverride(ctx.db, storeId, name)]);
  const definition = TEMPLATES[name];
  const data = { shop_name: store.shopName, store: storeId, ...sampleVars(name, store.settings.currency, input.params) };
  const render = async (source: string, kind: 'html' | 'text', path: string) => {
    try {
      return await renderTemplate(source, data, kind);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      const message = `Invalid template: ${error.message}`;
      throw badRequest(message, [{ path, message }]);
    }
  };
  const subject = await render(input.subject?.trim() ? input.subject : override?.subject || definition.subject, 'text', 'subject');
  const html = await render(input.htmlBody?.trim() ? input.htmlBody : override?.htmlBody || definition.html, 'html', 'htmlBody');
  return { subject: subject.replace(/\s+/g, ' ').trim(), html };
}
