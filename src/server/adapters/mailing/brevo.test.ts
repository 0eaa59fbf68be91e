import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrevoProvider } from './brevo.ts';
import { startFakeBrevo } from '../../../../test/fakes/fake-brevo.ts';
import { MailingError } from './types.ts';

let brevo: Awaited<ReturnType<typeof startFakeBrevo>>;
beforeAll(async () => {
  brevo = await startFakeBrevo({ apiKeys: ['xkeysib-good'] });
});
afterAll(() => brevo.close());

describe('Brevo adapter', () => {
  it('checks a key with GET /account and the api-key header', async () => {
    await createBrevoProvider('xkeysib-good', brevo.baseUrl).verifyKey();
    const request = brevo.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'GET', path: '/v3/account' });
    expect(request.headers['api-key']).toBe('xkeysib-good');
  });

  it('reports a refused key as refusedKey', async () => {
    const error = await createBrevoProvider('xkeysib-bad', brevo.baseUrl)
      .verifyKey()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailingError);
    expect(error).toMatchObject({ status: 401, refusedKey: true, message: 'Brevo refused the API key' });
  });

  it('creates then updates a contact with POST /contacts {email, attributes, listIds, updateEnabled: true}', async () => {
    const provider = createBrevoProvider('xkeysib-good', `${brevo.baseUrl}/`);
    await provider.upsertContact({ email: 'shop@vendor.test', attributes: { VENDOR: 'Shop' }, listIds: [3] });
    expect(brevo.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/contacts',
      body: { email: 'shop@vendor.test', attributes: { VENDOR: 'Shop' }, listIds: [3], updateEnabled: true },
    });
    expect(brevo.requests.at(-1)!.headers['content-type']).toMatch(/^application\/json/);
    await provider.upsertContact({ email: 'shop@vendor.test', attributes: { SOURCE: 'subscriber' } });
    expect(brevo.requests.at(-1)!.body).toEqual({ email: 'shop@vendor.test', attributes: { SOURCE: 'subscriber' }, updateEnabled: true });
    expect(brevo.contacts.get('shop@vendor.test')).toEqual({
      email: 'shop@vendor.test',
      attributes: { VENDOR: 'Shop', SOURCE: 'subscriber' },
      listIds: [3],
    });
  });

  it("surfaces the provider's message on other failures, and an unreachable provider", async () => {
    brevo.failNext();
    await expect(
      createBrevoProvider('xkeysib-good', brevo.baseUrl).upsertContact({ email: 'a@b.test', attributes: {} }),
    ).rejects.toMatchObject({
      status: 503,
      refusedKey: false,
      message: 'Brevo answered 503: Service unavailable',
    });
    await expect(createBrevoProvider('k', 'http://127.0.0.1:1/v3').verifyKey()).rejects.toThrow(
      /^Could not reach Brevo \(127\.0\.0\.1:1\)/,
    );
  });
});
