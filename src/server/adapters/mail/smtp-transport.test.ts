import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport } from './index.ts';
import { decodeQuotedPrintable, startFakeSmtp } from '../../../../test/support/fake-smtp.ts';

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp.close());

const mail = { from: 'shop@market.test', to: 'buyer@market.test', subject: 'Hello', html: '<p>Hi &amp; welcome</p>', text: 'Hi & welcome' };

describe('mail transport', () => {
  it('is the outbox without SMTP_URL: nothing leaves the process', async () => {
    const transport = createMailTransport(undefined);
    expect(transport.kind).toBe('outbox');
    await transport.deliver(mail);
    expect(smtp.received).toHaveLength(0);
  });

  it('delivers over SMTP with the from, to, subject and both bodies', async () => {
    const transport = createMailTransport(smtp.url);
    expect(transport.kind).toBe('smtp');
    await transport.deliver(mail);
    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received).toMatchObject({ from: 'shop@market.test', to: ['buyer@market.test'] });
    const text = decodeQuotedPrintable(received.raw);
    expect(text).toContain('Subject: Hello');
    expect(text).toContain('<p>Hi &amp; welcome</p>');
    expect(text).toContain('Hi & welcome');
  });

  it('throws when the server refuses the message, so the job retries', async () => {
    smtp.refuseNext();
    await expect(createMailTransport(smtp.url).deliver(mail)).rejects.toThrow(/451/);
    expect(smtp.refused).toBe(1);
  });

  it('says an SMTP server that cannot be found in words, not "getaddrinfo ENOTFOUND"', async () => {
    await expect(createMailTransport('smtp://user:secret@smtp.example.invalid:2525').deliver(mail)).rejects.toThrow(
      /^Could not reach smtp\.example\.invalid:2525\. Check the address\.$/,
    );
  });
});
