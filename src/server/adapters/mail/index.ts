import nodemailer from 'nodemailer';
import type { MailTransport } from './types.ts';

export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return { kind: 'outbox', deliver: async () => {} };
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail(mail);
    },
  };
}
