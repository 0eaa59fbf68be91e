import nodemailer from 'nodemailer';
import { networkFailureText } from '#server/lib/network-failure';
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
  // The server's address without the credentials the URL carries: the outbox shows the failure.
  const host = new URL(smtpUrl).host;
  return {
    kind: 'smtp',
    async deliver(mail) {
      try {
        await transporter.sendMail(mail);
      } catch (error) {
        const words = networkFailureText(error, host);
        throw words ? new Error(words, { cause: error }) : error;
      }
    },
  };
}
