import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../test/fakes/fake-stripe.ts';
import { createStripeClient } from './stripe.ts';
import { fromStripeAmount, toStripeAmount } from './stripe-amounts.ts';

/**
 * Stripe's published currency table, as the amount our ledger keeps (ISO 4217 minor units) and the
 * `amount` Stripe must receive for it.
 */
const TABLE: [currency: string, ours: number, stripe: number, meaning: string][] = [
  ['USD', 1234, 1234, '12.34 dollars: two-decimal'],
  ['EUR', 5, 5, '0.05 euro'],
  ['JPY', 500, 500, '500 yen: zero-decimal'],
  ['KRW', 15000, 15000, 'zero-decimal'],
  ['CLP', 990, 990, 'zero-decimal'],
  ['VND', 25000, 25000, 'zero-decimal'],
  ['XOF', 700, 700, 'zero-decimal'],
  ['MGA', 150000, 1500, '1,500 ariary: two decimals in ISO 4217, zero-decimal at Stripe'],
  ['ISK', 500, 50000, '500 krónur: no decimals, sent with two for backwards compatibility'],
  ['UGX', 1000, 100000, '1,000 shillings: no decimals, sent with two for backwards compatibility'],
  ['HUF', 1234, 1234, '12.34 forint: two-decimal'],
  ['TWD', 9950, 9950, '99.50 dollars: two-decimal'],
  ['KWD', 5120, 5120, '5.120 dinars: three-decimal, last digit 0'],
  ['BHD', 1000, 1000, 'three-decimal'],
  ['JOD', 250, 250, 'three-decimal'],
  ['OMR', 10, 10, 'three-decimal'],
  ['TND', 7530, 7530, 'three-decimal'],
];

describe("Stripe's amounts", () => {
  it.each(TABLE)('%s %i of ours is %i at Stripe (%s), and back', (currency, ours, stripe) => {
    expect(toStripeAmount(ours, currency)).toBe(stripe);
    expect(toStripeAmount(ours, currency.toLowerCase())).toBe(stripe);
    expect(fromStripeAmount(stripe, currency.toLowerCase())).toBe(ours);
  });

  it('refuses, never rounds, what Stripe cannot express', () => {
    expect(() => toStripeAmount(5124, 'KWD')).toThrow('Stripe cannot send 5.124 KWD: it takes this currency in steps of 0.010');
    expect(() => toStripeAmount(150050, 'MGA')).toThrow('Stripe cannot send 1500.50 MGA');
  });

  describe('through the adapter', () => {
    let fake: FakeStripe;
    beforeAll(async () => {
      fake = await startFakeStripe({ balance: { isk: 10_000_000, jpy: 100_000, mga: 1_000_000 } });
    });
    afterAll(() => fake.close());

    it("sends each transfer in Stripe's units and reads transfers and the balance back in ours", async () => {
      const stripe = createStripeClient(fake.url, fake.secretKey);
      const account = await stripe.createAccount({ email: 'v@example.test', country: 'IS', idempotencyKey: 'acct-is' });
      const isk = await stripe.createTransfer({ amount: 500, currency: 'ISK', destination: account.id, idempotencyKey: 'isk-1' });
      expect(new URLSearchParams(fake.requests.at(-1)!.text).get('amount')).toBe('50000');
      expect(isk).toMatchObject({ amount: 500, currency: 'ISK' });
      await stripe.createTransfer({ amount: 500, currency: 'JPY', destination: account.id, idempotencyKey: 'jpy-1' });
      expect(new URLSearchParams(fake.requests.at(-1)!.text).get('amount')).toBe('500');
      await stripe.createTransfer({ amount: 150000, currency: 'MGA', destination: account.id, idempotencyKey: 'mga-1' });
      expect(new URLSearchParams(fake.requests.at(-1)!.text).get('amount')).toBe('1500');
      expect(fake.transfers.map((t) => [t.currency, t.amount])).toEqual([
        ['isk', 50000],
        ['jpy', 500],
        ['mga', 1500],
      ]);
      expect(await stripe.listTransfers('isk-1')).toEqual([isk]);
      const { available } = await stripe.getBalance();
      expect(available).toContainEqual({ currency: 'ISK', amount: 99_500 });
      expect(available).toContainEqual({ currency: 'MGA', amount: 99_850_000 });
      const requests = fake.requests.length;
      await expect(
        stripe.createTransfer({ amount: 5124, currency: 'KWD', destination: account.id, idempotencyKey: 'kwd-1' }),
      ).rejects.toMatchObject({ kind: 'refused' });
      expect(fake.requests.length).toBe(requests);
    });
  });
});
