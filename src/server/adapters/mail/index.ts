import nodemailer from 'nodemailer';
import type { MailTransport } from './types.ts';

/**
 * The outbox (mails kept in the database only) without SMTP_URL, else SMTP through nodemailer.
 * Timeouts stay well under the job lease (5 minutes), so a hanging server fails the attempt
 * (retried later) instead of letting a second worker send the same mail.
 */
export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return { kind: 'outbox', deliver: async () => {} };
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail(mail);
    },
  };
}
