import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxEmails, stores } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MailTransport } from '../../adapters/mail/types.ts';
import { DEFAULT_TEMPLATES, type TemplateName } from './default-templates.ts';
import { htmlToText, renderTemplate } from './render.ts';

export interface MailRequest {
  storeId: string | null;
  template: TemplateName;
  to: string;
  vars: Record<string, unknown>;
  /** One mail per key, whatever happens (an event reported twice mails once). */
  dedupeKey?: string;
}

const SEND_EMAIL = 'send-email';

/**
 * Mails go through the durable job queue: a request never waits for SMTP, a failing server is
 * retried with backoff, and a restart loses nothing. Every sent mail is recorded in outbox_emails.
 */
export class Mailer {
  constructor(
    private db: Db,
    private jobs: JobQueue,
    private transport: MailTransport,
    private defaultFrom: string,
  ) {
    jobs.register(SEND_EMAIL, (payload) => this.deliver(payload as unknown as MailRequest));
  }

  get transportKind() {
    return this.transport.kind;
  }

  /** Queues a mail; pass the transaction's db so the mail is queued only if the change commits. */
  send(request: MailRequest, db: Db = this.db) {
    return this.jobs.enqueue(SEND_EMAIL, request as unknown as Record<string, unknown>, { dedupeKey: request.dedupeKey }, db);
  }

  private async deliver(request: MailRequest) {
    const template = DEFAULT_TEMPLATES[request.template];
    if (!template) throw new Error(`Unknown template ${request.template}`);
    const store = request.storeId
      ? (await this.db.select().from(stores).where(eq(stores.id, request.storeId)))[0]
      : undefined;
    const settings = (store?.settings ?? {}) as { notifications?: { sendingEmail?: string } };
    const data = { shop_name: store?.shopName ?? 'Marketplace', store: request.storeId, ...request.vars };
    const [subject, html] = await Promise.all([renderTemplate(template.subject, data), renderTemplate(template.html, data)]);
    const mail = {
      from: settings.notifications?.sendingEmail || this.defaultFrom,
      to: request.to,
      subject,
      html,
      text: htmlToText(html),
    };
    await this.transport.deliver(mail);
    await this.db.insert(outboxEmails).values({
      storeId: request.storeId,
      template: request.template,
      toAddress: mail.to,
      fromAddress: mail.from,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      transport: this.transport.kind,
    });
  }
}
