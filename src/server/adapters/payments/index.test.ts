import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '#server/config';
import { createPaymentProviders } from './index.ts';

afterEach(() => vi.unstubAllGlobals());

describe('payment providers', () => {
  it("asks PayPal's sandbox or its live API as the store's sandbox switch says", async () => {
    const hosts: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      hosts.push(new URL(url).origin);
      return new Response(JSON.stringify({ access_token: 'A21', expires_in: 32400 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const providers = createPaymentProviders({ payments: { stripeApiUrl: 'https://api.stripe.com', paypalApiUrl: undefined } } as Config);
    await providers.paypal({ clientId: 'id', clientSecret: 'secret', isSandbox: true }).verify();
    await providers.paypal({ clientId: 'id', clientSecret: 'secret', isSandbox: false }).verify();
    expect(hosts).toEqual(['https://api-m.sandbox.paypal.com', 'https://api-m.paypal.com']);
  });
});
