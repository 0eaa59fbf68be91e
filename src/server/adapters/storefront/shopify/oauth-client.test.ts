import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlFromTemplate, createShopifyOAuthClient, OAuthExchangeError } from './oauth-client.ts';
import { startFakeShopifyAdmin } from '../../../../../test/fakes/fake-shopify-admin.ts';

let fake: Awaited<ReturnType<typeof startFakeShopifyAdmin>>;
beforeAll(async () => {
  fake = await startFakeShopifyAdmin({ clientId: 'key', clientSecret: 'hush', scope: 'read_products' });
});
afterAll(() => fake.close());

const shop = 'some-shop.myshopify.com';

describe('Shopify OAuth client', () => {
  it('builds the authorize URL on the real shop with every parameter encoded', () => {
    const client = createShopifyOAuthClient({ baseUrlFor: baseUrlFromTemplate(fake.baseUrlTemplate) });
    const url = new URL(
      client.authorizeUrl({
        shop,
        clientId: 'key',
        scope: 'read_products,write_orders',
        redirectUri: 'https://mp.example/api/auth/shopify/confirm',
        state: 'abc',
      }),
    );
    expect(url.origin).toBe(`https://${shop}`);
    expect(url.pathname).toBe('/admin/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'key',
      scope: 'read_products,write_orders',
      redirect_uri: 'https://mp.example/api/auth/shopify/confirm',
      state: 'abc',
    });
  });

  it('exchanges a code for the token with {client_id, client_secret, code}, once', async () => {
    const client = createShopifyOAuthClient({ baseUrlFor: baseUrlFromTemplate(fake.baseUrlTemplate) });
    fake.issueCode(shop, 'code-1', 'shpat_secret');
    await expect(client.exchangeCode({ shop, code: 'code-1', clientId: 'key', clientSecret: 'hush' })).resolves.toEqual({
      accessToken: 'shpat_secret',
      scope: 'read_products',
    });
    expect(fake.exchanges.at(-1)).toEqual({ shop, body: { client_id: 'key', client_secret: 'hush', code: 'code-1' } });
    const again = client.exchangeCode({ shop, code: 'code-1', clientId: 'key', clientSecret: 'hush' });
    await expect(again).rejects.toBeInstanceOf(OAuthExchangeError);
    await expect(again).rejects.toMatchObject({ status: 400 });
  });

  it('reports an unreachable platform as an exchange error', async () => {
    const client = createShopifyOAuthClient({ baseUrlFor: () => 'http://127.0.0.1:1', timeoutMs: 2000 });
    await expect(client.exchangeCode({ shop, code: 'x', clientId: 'key', clientSecret: 'hush' })).rejects.toBeInstanceOf(
      OAuthExchangeError,
    );
  });
});
