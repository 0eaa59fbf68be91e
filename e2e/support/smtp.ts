import { decodeQuotedPrintable, startFakeSmtp } from '../../test/support/fake-smtp.ts';

/** The shared in-process SMTP server, plus waiting for a mail as the browser tests need. */
export async function startSmtpServer() {
  const smtp = await startFakeSmtp();
  return {
    ...smtp,
    /** Waits for a mail to an address and returns its decoded text. */
    async waitFor(address: string, timeoutMs = 15_000): Promise<string> {
      const start = Date.now();
      while (Date.now() - start < timeoutMs) {
        const mail = [...smtp.received].reverse().find((m) => m.to.includes(address));
        if (mail) return decodeQuotedPrintable(mail.raw);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    },
  };
}
