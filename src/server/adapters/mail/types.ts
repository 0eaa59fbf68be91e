export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** How a rendered e-mail leaves: the embedded outbox keeps it in the database only; SMTP sends it. */
export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  /** Delivers the message; throws when the transport refuses it (the job then retries). */
  deliver(mail: OutgoingMail): Promise<void>;
}
