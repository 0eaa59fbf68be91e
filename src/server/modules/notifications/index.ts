import type { ServerModule } from '#server/server-module';
import { registerMailDelivery } from './mailer.ts';
import { registerNotificationRoutes } from './routes.ts';
import { runSyncContact, SYNC_CONTACT } from './sync-contact.ts';

/** The notifications module: templates, settings, the mailer's outbox, mailing-list contacts. */
export const notificationsModule: ServerModule = {
  register: registerNotificationRoutes,
  jobs(ctx) {
    registerMailDelivery(ctx.jobs, ctx.mailer);
    // Read from the context when the job runs, so the provider is the one the app was built with.
    ctx.jobs.register(SYNC_CONTACT, (payload) => runSyncContact(ctx, payload));
  },
};

export { type TemplateName } from './default-templates.ts';
export { findTemplateOverride } from './get-template.ts';
export { accountLanguage, storedLanguage } from './mail-language.ts';
export { Mailer, SEND_EMAIL } from './mailer.ts';
export { nextDigestAt, readNotificationSettings, reminderSendAt } from './notification-settings.ts';
export { activeAdminEmails, activeVendorEmails } from './recipients.ts';
export { renderTemplate, TemplateError } from './render.ts';
export { DUTY_DIGEST_JOB, scheduleDutyDigest } from './schedule-duty-digest.ts';
export { DOCUMENT_LABELS, documentHtml, type DocumentLanguage } from './templates/doc.ts';
