import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../test/fakes/fake-stripe.ts';
import { createStripeClient } from './stripe.ts';
import { ProviderError } from './types.ts';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe({ balance: { usd: 5000 } });
});
afterAll(() => fake.close());

describe('Stripe Connect adapter against the fake', () => {
  it('creates an account, links, a transfer replayed by its Idempotency-Key, and reads the balance', async () => {
    const stripe = createStripeClient(fake.url, fake.secretKey);
    const account = await stripe.createAccount({ email: 'v@example.test', country: 'NL', idempotencyKey: 'acct-v' });
    expect(account).toMatchObject({
      id: expect.stringMatching(/^acct_/),
      email: 'v@example.test',
      country: 'NL',
      detailsSubmitted: false,
      payoutsEnabled: false,
    });
    const sent = new URLSearchParams(fake.requests.at(-1)!.text);
    expect(sent.get('controller[stripe_dashboard][type]')).toBe('express');
    expect(sent.get('capabilities[transfers][requested]')).toBe('true');

    const link = await stripe.createAccountLink({ accountId: account.id, refreshUrl: 'http://x/refresh', returnUrl: 'http://x/return' });
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    await expect(stripe.createLoginLink(account.id)).rejects.toMatchObject({ kind: 'refused' });
    fake.completeOnboarding(account.id);
    expect((await stripe.getAccount(account.id)).payoutsEnabled).toBe(true);
    expect((await stripe.createLoginLink(account.id)).url).toMatch(/^https:/);

    const first = await stripe.createTransfer({ amount: 1200, currency: 'USD', destination: account.id, idempotencyKey: 'payout-1' });
    const again = await stripe.createTransfer({ amount: 1200, currency: 'USD', destination: account.id, idempotencyKey: 'payout-1' });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ amount: 1200, currency: 'USD', destination: account.id, transferGroup: 'payout-1' });
    expect(fake.transfers).toHaveLength(1);
    expect(fake.requests.at(-1)!.headers['idempotency-key']).toBe('payout-1');
    expect(await stripe.listTransfers('payout-1')).toEqual([first]);
    expect(await stripe.listTransfers('payout-2')).toEqual([]);
    // The same key with other parameters is Stripe's idempotency error, never a second transfer.
    const conflict = await stripe
      .createTransfer({ amount: 999, currency: 'USD', destination: account.id, idempotencyKey: 'payout-1' })
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ProviderError);
    expect(conflict).toMatchObject({ kind: 'refused', status: 400, message: expect.stringContaining('same parameters') });
    expect(fake.transfers).toHaveLength(1);
    expect(await stripe.getBalance()).toEqual({ available: [{ amount: 3800, currency: 'USD' }] });
  });

  it('tells a refusal (no funds, bad key) from an outage', async () => {
    const stripe = createStripeClient(fake.url, fake.secretKey);
    const account = await stripe.createAccount({ email: 'w@example.test', country: 'DE', idempotencyKey: 'acct-w' });
    await expect(
      stripe.createTransfer({ amount: 1_000_000, currency: 'USD', destination: account.id, idempotencyKey: 'big' }),
    ).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('insufficient') });
    await expect(createStripeClient(fake.url, 'sk_test_wrong').getBalance()).rejects.toMatchObject({ kind: 'refused', status: 401 });
    fake.failNext();
    await expect(stripe.getBalance()).rejects.toMatchObject({ kind: 'unavailable', status: 503 });
    await expect(createStripeClient('http://127.0.0.1:1', fake.secretKey).getBalance()).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
