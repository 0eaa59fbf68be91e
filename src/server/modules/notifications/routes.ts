import { OkSchema } from '#shared/schemas/common';
import {
  IntegrationUpdateSchema,
  NotificationSettingsUpdateSchema,
  NotificationSettingsViewSchema,
  OutboxPageSchema,
  OutboxQuerySchema,
  TemplateDetailSchema,
  TemplateListSchema,
  TemplateNameParamsSchema,
  TemplatePreviewAnswerSchema,
  TemplatePreviewSchema,
  TemplateUpdateSchema,
  TestEmailSchema,
  toNotificationSettingsView,
} from '#shared/schemas/notifications';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { scheduleDutyDigest } from './schedule-duty-digest.ts';
import { getTemplate } from './get-template.ts';
import { listOutbox } from './list-outbox.ts';
import { listTemplates } from './list-templates.ts';
import { readNotificationSettings, updateNotificationSettings } from './notification-settings.ts';
import { previewTemplate } from './preview-template.ts';
import { saveTemplate } from './save-template.ts';
import { sendTestEmail } from './send-test-email.ts';
import { setIntegration } from './set-integration.ts';

const tags = ['notifications'];

/** Notification settings, templates (edit, preview, test e-mail), the mailing integration and the outbox: admins only. */
export function registerNotificationRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/notifications/settings',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Notification settings (the mailing API key never leaves the server: hasApiKey)',
        response: { 200: NotificationSettingsViewSchema },
      },
    },
    async (request) => toNotificationSettingsView(await readNotificationSettings(ctx.db, requireAuth(request).storeId)),
  );

  app.put(
    '/api/notifications/settings',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary:
          'Replace the notification settings: disableAll, sendingEmail, per-template enabled and reminder delayInHours, digestSendAtHourUtc',
        body: NotificationSettingsUpdateSchema,
        response: { 200: NotificationSettingsViewSchema },
      },
    },
    async (request) => {
      const { storeId } = requireAuth(request);
      const saved = await updateNotificationSettings(ctx.db, storeId, request.body);
      // A new digest hour: the digest queued for the old one will see it and stand down.
      await scheduleDutyDigest(ctx, storeId);
      return toNotificationSettingsView(saved);
    },
  );

  app.patch(
    '/api/notifications/integration',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Connect Brevo or Klaviyo (the key is checked with the provider, then stored encrypted) or disconnect (none)',
        body: IntegrationUpdateSchema,
        response: { 200: NotificationSettingsViewSchema },
      },
    },
    async (request) => setIntegration(ctx, requireAuth(request), request.body),
  );

  app.get(
    '/api/notifications/templates',
    {
      config: { policy: 'admin' },
      schema: { tags, summary: 'Every e-mail template: name, description, enabled, customised', response: { 200: TemplateListSchema } },
    },
    async (request) => listTemplates(ctx, requireAuth(request).storeId),
  );

  app.get(
    '/api/notifications/templates/:template',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: "A template: the store's body and subject, the defaults, the variables with samples, enabled",
        params: TemplateNameParamsSchema,
        response: { 200: TemplateDetailSchema },
      },
    },
    async (request) => getTemplate(ctx, requireAuth(request).storeId, request.params.template),
  );

  app.put(
    '/api/notifications/templates/:template',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Save the store’s body (and subject) of a template; empty goes back to the default; invalid Liquid is a 400',
        params: TemplateNameParamsSchema,
        body: TemplateUpdateSchema,
        response: { 200: TemplateDetailSchema },
      },
    },
    async (request) => saveTemplate(ctx, requireAuth(request).storeId, request.params.template, request.body),
  );

  app.post(
    '/api/notifications/templates/:template/preview',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Render a template being edited (or the saved one) with the sample variables and params, for the live preview',
        params: TemplateNameParamsSchema,
        body: TemplatePreviewSchema,
        response: { 200: TemplatePreviewAnswerSchema },
      },
    },
    async (request) => previewTemplate(ctx, requireAuth(request).storeId, request.params.template, request.body),
  );

  app.post(
    '/api/notifications/templates/:template/test-email',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Send a test e-mail of a template, rendered with the sample variables merged with params (queued)',
        params: TemplateNameParamsSchema,
        body: TestEmailSchema,
        response: { 201: OkSchema },
      },
    },
    async (request, reply) => {
      await sendTestEmail(ctx, requireAuth(request).storeId, request.params.template, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/notifications/outbox',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: "The store's sent and failed e-mails, newest first, 50 a page",
        querystring: OutboxQuerySchema,
        response: { 200: OutboxPageSchema },
      },
    },
    async (request) => listOutbox(ctx, requireAuth(request).storeId, request.query.page),
  );
}
