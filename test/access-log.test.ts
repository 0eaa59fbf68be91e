import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** The access log never keeps a secret a URL carries: buyer tokens, claims, OAuth codes, state and hmac. */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());

describe('the access log', () => {
  it("logs the call with the secret query parameters' values hidden", async () => {
    const secret = 'eyJzZWNyZXQiOiJidXllciJ9.c2lnbmF0dXJl';
    await t.app.inject({ method: 'GET', url: `/api/conversations/events?token=${secret}` });
    await t.app.inject({
      method: 'GET',
      url: `/api/auth/shopify/confirm?code=${secret}&hmac=${secret}&state=${secret}&shop=a.myshopify.com&claim=${secret}`,
    });
    const logged = lines
      .map((line) => JSON.parse(line) as { req?: { url: string } })
      .flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(logged).toContain('/api/conversations/events?token=[hidden]');
    expect(logged).toContain('/api/auth/shopify/confirm?code=[hidden]&hmac=[hidden]&state=[hidden]&shop=a.myshopify.com&claim=[hidden]');
    expect(lines.join('\n')).not.toContain(secret);
  });
});
