import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKlaviyo } from '../../../../test/fakes/fake-klaviyo.ts';
import { createKlaviyoProvider, KLAVIYO_REVISION } from './klaviyo.ts';

let klaviyo: Awaited<ReturnType<typeof startFakeKlaviyo>>;
beforeAll(async () => {
  klaviyo = await startFakeKlaviyo({ apiKeys: ['pk_good'] });
});
afterAll(() => klaviyo.close());

describe('Klaviyo adapter', () => {
  it('checks a key with GET /accounts/, the Klaviyo-API-Key authorization and a revision', async () => {
    await createKlaviyoProvider('pk_good', klaviyo.baseUrl).verifyKey();
    const request = klaviyo.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'GET', path: '/api/accounts/' });
    expect(request.headers.authorization).toBe('Klaviyo-API-Key pk_good');
    expect(request.headers.revision).toBe(KLAVIYO_REVISION);
  });

  it('reports a refused key as refusedKey', async () => {
    await expect(createKlaviyoProvider('pk_bad', klaviyo.baseUrl).verifyKey()).rejects.toMatchObject({
      status: 401,
      refusedKey: true,
      message: 'Klaviyo refused the API key',
    });
  });

  it('creates a profile with data.type "profile"; an existing profile (409) is fine', async () => {
    const provider = createKlaviyoProvider('pk_good', klaviyo.baseUrl);
    await provider.upsertContact({ email: 'sub@buyer.test', attributes: { FIRSTNAME: 'Sam', SOURCE: 'subscriber' } });
    expect(klaviyo.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/profiles/',
      body: { data: { type: 'profile', attributes: { email: 'sub@buyer.test', first_name: 'Sam', properties: { SOURCE: 'subscriber' } } } },
    });
    expect(klaviyo.requests.at(-1)!.headers['content-type']).toBe('application/vnd.api+json');
    await provider.upsertContact({ email: 'sub@buyer.test', attributes: {} });
    expect(klaviyo.profiles.size).toBe(1);
  });

  it("surfaces Klaviyo's error detail", async () => {
    const error = await createKlaviyoProvider('pk_good', klaviyo.baseUrl)
      .upsertContact({ email: 'not-an-email', attributes: {} })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'Klaviyo answered 400: A valid email is required.' });
  });
});
