import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isAccessMail, isTemplateName, type TemplateName } from '#shared/schemas/notifications';
import type { Db } from '#server/db/client';
import { notificationTemplates, outboxEmails, stores } from '#server/db/schema/index';
import { defineJob } from '#server/jobs/job-kind';
import type { JobQueue } from '#server/jobs/queue';
import type { MailTransport, OutgoingMail } from '#server/adapters/mail/types';
import { defaultText, type MailLanguage, TEMPLATES } from './templates/index.ts';
import { mailLanguage } from './mail-language.ts';
import type { TemplateVariable } from './templates/types.ts';
import { htmlToText, renderTemplate } from './render.ts';
import { getEncryption, type Encryption } from '#server/lib/encryption';
import { HIDDEN, maskLinkToken } from '#server/lib/redact-url';
import { parseNotificationSettings } from './notification-settings.ts';
import { syncContact, type ContactToSync } from './sync-contact.ts';

export interface MailRequest {
  storeId: string;
  template: TemplateName;
  to: string;
  vars: Record<string, unknown>;
  /** One mail per key, whatever happens (an event reported twice mails once). */
  dedupeKey?: string;
  /** Sends later (order reminders, the daily digest); now when absent. */
  sendAt?: Date;
  /** A test e-mail an admin asked for: sent whatever the settings say, its subject marked [Test]. */
  isTest?: boolean;
  /**
   * The reader's language when the sender knows it and the address does not tell (a buyer's); else
   * the mail speaks the language of the store's account at that address, else English.
   */
  language?: MailLanguage;
}

type QueuedMail = Omit<MailRequest, 'sendAt'> & {
  /**
   * The template's secret variables (codes, links that grant access), encrypted: the jobs table
   * must not hand an account to whoever reads it. Absent on jobs queued before secrets were sealed.
   */
  sealed?: string;
};

/** A queued mail as stored: checked loosely (its template is checked again when it is rendered). */
export const SEND_EMAIL = defineJob(
  'send-email',
  z.custom<QueuedMail>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as QueuedMail).template === 'string' &&
      typeof (value as QueuedMail).to === 'string',
  ),
);
/** Delivery attempts of a mail (then it is recorded as failed); retries back off 10 s, 40 s, 90 s, 160 s. */
export const MAIL_ATTEMPTS = 5;

/**
 * Events that also push the person they are about to the store's mailing service (Brevo,
 * Klaviyo): a new vendor, a subscriber, a buyer who wrote. Hooked here so every flow that raises
 * the event (vendor approval, public subscribe and message calls) pushes the contact without
 * knowing about the integration.
 */
const CONTACT_EVENTS: Partial<Record<TemplateName, (vars: Record<string, unknown>) => ContactToSync | null>> = {
  'marketplace-new-vendor': (vars) =>
    typeof vars.email === 'string'
      ? {
          email: vars.email,
          attributes: typeof vars.vendor === 'string' ? { FIRSTNAME: vars.vendor } : ({} as ContactToSync['attributes']),
        }
      : null,
  'marketplace-new-subscriber': (vars) => (typeof vars.email === 'string' ? { email: vars.email, attributes: {} } : null),
  'marketplace-contact-message': (vars) => (typeof vars.email === 'string' ? { email: vars.email, attributes: {} } : null),
};

/**
 * Mails go through the durable job queue: a request never waits for SMTP nor renders a template,
 * a failing server is retried with backoff, a restart loses nothing and a dedupeKey sends once.
 * When the job runs, the store's settings decide: disableAll or a disabled template sends nothing
 * and records nothing, except for access mails, which always go. Every mail that is sent, or that fails for good, is in outbox_emails.
 */
export class Mailer {
  /**
   * Read once at construction, outside any transaction: `send` runs inside its caller's transaction,
   * where a first read of the key on the root connection would wait for that transaction (PGlite).
   */
  private encryption: Promise<Encryption>;

  constructor(
    private db: Db,
    private jobs: JobQueue,
    private transport: MailTransport,
    private defaultFrom: string,
  ) {
    this.encryption = getEncryption(db);
    // A failure is seen (and retried) by the first mail with a secret, not as an unhandled rejection.
    this.encryption.catch(() => {});
  }

  get transportKind() {
    return this.transport.kind;
  }

  /** Queues a mail; pass the transaction's db so the mail is queued only if the change commits. */
  async send(request: MailRequest, db: Db = this.db) {
    const { sendAt, ...mail } = request;
    const queued = await this.seal(mail);
    await this.jobs.enqueue(SEND_EMAIL, queued, { dedupeKey: request.dedupeKey, runAt: sendAt, maxAttempts: MAIL_ATTEMPTS }, db);
    const contact = !request.isTest && request.storeId ? CONTACT_EVENTS[request.template]?.(request.vars) : null;
    if (contact && request.storeId) {
      // Once per store, service, event and address, however many admins the event mails.
      await syncContact({ db: this.db, jobs: this.jobs }, request.storeId, contact, {
        tx: db,
        dedupeKey: `sync-contact:${request.storeId}:${request.template}:${contact.email.trim().toLowerCase()}`,
      });
    }
  }

  /** Moves the template's secret variables out of `vars` into `sealed`, encrypted for this mail. */
  private async seal(mail: QueuedMail): Promise<QueuedMail> {
    const variables = isTemplateName(mail.template) ? TEMPLATES[mail.template].variables : {};
    const secrets = Object.entries(mail.vars).filter(([key]) => isSecret(variables, key));
    if (secrets.length === 0) return mail;
    const encryption = await this.encryption.catch(() => (this.encryption = getEncryption(this.db)));
    const vars = Object.fromEntries(Object.entries(mail.vars).filter(([key]) => !isSecret(variables, key)));
    return { ...mail, vars, sealed: encryption.encrypt(JSON.stringify(Object.fromEntries(secrets)), sealContext(mail)) };
  }

  private async unseal(mail: QueuedMail): Promise<QueuedMail> {
    if (!mail.sealed) return mail;
    const secrets = JSON.parse((await getEncryption(this.db)).decrypt(mail.sealed, sealContext(mail))) as Record<string, unknown>;
    return { ...mail, vars: { ...mail.vars, ...secrets } };
  }

  /** Sends one queued mail: the send-email job (registerMailDelivery). */
  async deliver(queued: QueuedMail, attempt: number) {
    const request = await this.unseal(queued);
    const [store] = request.storeId ? await this.db.select().from(stores).where(eq(stores.id, request.storeId)) : [];
    const settings = parseNotificationSettings(store?.settings?.notifications);
    const from = settings.sendingEmail || this.defaultFrom;
    if (!isTemplateName(request.template)) {
      await this.record(
        { from, to: request.to, subject: String(request.template), html: '', text: '' },
        request,
        'failed',
        `Unknown template ${request.template}`,
      );
      return;
    }
    if (!request.isTest && !isAccessMail(request.template) && (settings.disableAll || !settings.templates[request.template].enabled))
      return;

    const definition = TEMPLATES[request.template];
    const [[override], language] = await Promise.all([
      request.storeId
        ? this.db
            .select()
            .from(notificationTemplates)
            .where(and(eq(notificationTemplates.storeId, request.storeId), eq(notificationTemplates.template, request.template)))
        : [],
      mailLanguage(this.db, request.storeId, request.to, request.language),
    ]);
    const data = { shop_name: store?.shopName ?? 'Marketplace', store: request.storeId, ...request.vars };
    // An admin's edit has one text for every reader (the store writes it in the words it chooses);
    // the defaults speak the reader's language.
    const defaults = defaultText(request.template, language);
    const subjectSource = override?.subject || defaults.subject;
    const htmlSource = override?.htmlBody || defaults.html;
    const render = async (vars: Record<string, unknown>): Promise<OutgoingMail> => {
      const [subject, html] = [await renderTemplate(subjectSource, vars, 'text'), await renderTemplate(htmlSource, vars, 'html')];
      return { from, to: request.to, subject: `${request.isTest ? '[Test] ' : ''}${oneLine(subject)}`, html, text: htmlToText(html) };
    };
    let mail: OutgoingMail;
    let masked: OutgoingMail;
    try {
      mail = await render(data);
      // Rendered again with the secrets replaced (not cut out of the result), so no filter in an
      // admin's own template can carry a code into the copy the outbox shows.
      masked = hasSecrets(definition.variables, data) ? await render(maskSecrets(definition.variables, data)) : mail;
    } catch (error) {
      // Rendering again gives the same error: record it for the admin and end the job, no retry.
      const message = `The template could not be rendered: ${error instanceof Error ? error.message : String(error)}`;
      await this.record({ from, to: request.to, subject: oneLine(subjectSource), html: '', text: '' }, request, 'failed', message);
      return;
    }
    try {
      await this.transport.deliver(mail);
    } catch (error) {
      if (attempt >= MAIL_ATTEMPTS) {
        const message = `Delivery failed after ${attempt} attempts: ${error instanceof Error ? error.message : String(error)}`;
        await this.record(masked, request, 'failed', message);
      }
      throw error;
    }
    // The embedded outbox is the delivery itself, so it keeps the real mail beside the masked copy.
    await this.record(
      masked,
      request,
      this.transport.kind,
      undefined,
      this.transport.kind === 'outbox' && masked !== mail ? mail : undefined,
    );
  }

  private async record(
    mail: OutgoingMail,
    request: QueuedMail,
    transport: 'outbox' | 'smtp' | 'failed',
    error?: string,
    delivered?: OutgoingMail,
  ) {
    await this.db.insert(outboxEmails).values({
      storeId: request.storeId,
      template: String(request.template),
      toAddress: mail.to,
      fromAddress: mail.from,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      deliveredHtml: delivered?.html ?? null,
      deliveredText: delivered?.text ?? null,
      transport,
      error: error?.slice(0, 2000) ?? null,
    });
  }
}

/**
 * The send-email job on a queue, run by this mailer: registered by the notifications module's jobs, so
 * every job kind the app runs comes from a module's surface, not from building the mailer.
 */
export function registerMailDelivery(jobs: JobQueue, mailer: Mailer) {
  jobs.register(SEND_EMAIL, (payload, job) => mailer.deliver(payload, job.attempts));
}

/** What the outbox shows in place of a code or a link that grants access. */
export const MASKED = HIDDEN;

const isSecret = (variables: Record<string, TemplateVariable>, key: string) => variables[key]?.secret !== undefined;
const hasSecrets = (variables: Record<string, TemplateVariable>, data: Record<string, unknown>) =>
  Object.keys(data).some((key) => isSecret(variables, key));
const masked = (variable: TemplateVariable | undefined, value: unknown) => {
  if (variable?.secret === 'link' && typeof value === 'string') return maskLinkToken(value);
  return variable?.secret ? MASKED : value;
};
const maskSecrets = (variables: Record<string, TemplateVariable>, data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, masked(variables[key], value)]));

/** Binds the sealed secrets to their mail: copied into another job's payload they do not decrypt. */
const sealContext = (mail: QueuedMail) => `mail:${mail.storeId ?? ''}:${mail.template}:${mail.to}`;

/** A subject is one header line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 998);
