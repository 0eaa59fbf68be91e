import { field, providerFetch } from './http.ts';
import type { StripeAccount, StripeClient, StripeTransfer } from './types.ts';
import { stripeForm } from './stripe-form.ts';
import { fromStripeAmount, toStripeAmount } from './stripe-amounts.ts';

const account = (body: unknown): StripeAccount => ({
  id: String(field(body, 'id')),
  email: (field(body, 'email') as string | null) ?? null,
  country: (field(body, 'country') as string | null) ?? null,
  detailsSubmitted: field(body, 'details_submitted') === true,
  chargesEnabled: field(body, 'charges_enabled') === true,
  payoutsEnabled: field(body, 'payouts_enabled') === true,
  currentlyDue: (field(body, 'requirements', 'currently_due') as string[] | undefined) ?? [],
});

const transfer = (body: unknown): StripeTransfer => ({
  id: String(field(body, 'id')),
  amount: fromStripeAmount(Number(field(body, 'amount')), String(field(body, 'currency'))),
  currency: String(field(body, 'currency')).toUpperCase(),
  destination: String(field(body, 'destination')),
  transferGroup: (field(body, 'transfer_group') as string | null) ?? null,
  amountReversed: fromStripeAmount(Number(field(body, 'amount_reversed') ?? 0), String(field(body, 'currency'))),
  payoutId: (field(body, 'metadata', 'payout_id') as string | undefined) ?? null,
});

/** Stripe Connect over its REST API (https://api.stripe.com, or a fake's address in tests). */
export function createStripeClient(baseUrl: string, secretKey: string): StripeClient {
  const call = (method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}, idempotencyKey?: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${secretKey}`, 'stripe-version': '2025-06-30.basil' };
    const body = stripeForm(params);
    let url = `${baseUrl}${path}`;
    if (method === 'GET') {
      if ([...body].length) url += `?${body}`;
    } else headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    return providerFetch(
      url,
      { method, headers, body: method === 'POST' ? body.toString() : undefined },
      (b) => field(b, 'error', 'message') as string | undefined,
    );
  };
  return {
    async createAccount({ email, country, idempotencyKey }) {
      // Controller properties, not the legacy `type: express`: the platform pays Stripe's fees, and the
      // vendor gets Stripe's Express dashboard for its own payouts.
      return account(
        await call(
          'POST',
          '/v1/accounts',
          {
            email,
            country,
            controller: { fees: { payer: 'application' }, losses: { payments: 'application' }, stripe_dashboard: { type: 'express' } },
            capabilities: { transfers: { requested: true } },
          },
          idempotencyKey,
        ),
      );
    },
    async getAccount(accountId) {
      return account(await call('GET', `/v1/accounts/${encodeURIComponent(accountId)}`));
    },
    async createAccountLink({ accountId, refreshUrl, returnUrl }) {
      const body = await call('POST', '/v1/account_links', {
        account: accountId,
        type: 'account_onboarding',
        refresh_url: refreshUrl,
        return_url: returnUrl,
      });
      return { url: String(field(body, 'url')), expiresAt: Number(field(body, 'expires_at')) };
    },
    async createLoginLink(accountId) {
      return { url: String(field(await call('POST', `/v1/accounts/${encodeURIComponent(accountId)}/login_links`), 'url')) };
    },
    async createTransfer({ amount, currency, destination, idempotencyKey }) {
      const stripeAmount = toStripeAmount(amount, currency);
      return transfer(
        await call(
          'POST',
          '/v1/transfers',
          {
            amount: stripeAmount,
            currency: currency.toLowerCase(),
            destination,
            transfer_group: idempotencyKey,
            metadata: { payout_id: idempotencyKey },
          },
          idempotencyKey,
        ),
      );
    },
    async listTransfers(transferGroup) {
      const body = await call('GET', '/v1/transfers', { transfer_group: transferGroup, limit: 10 });
      return ((field(body, 'data') as unknown[] | undefined) ?? []).map(transfer);
    },
    async listTransfersSince(since) {
      const all: StripeTransfer[] = [];
      let after: string | undefined;
      for (;;) {
        const body = await call('GET', '/v1/transfers', {
          created: { gte: Math.floor(since.getTime() / 1000) },
          limit: 100,
          starting_after: after,
        });
        const page = ((field(body, 'data') as unknown[] | undefined) ?? []).map(transfer);
        all.push(...page);
        if (field(body, 'has_more') !== true || page.length === 0) return all;
        after = page.at(-1)!.id;
      }
    },
    async createWebhookEndpoint({ url, events, connect }) {
      const body = await call('POST', '/v1/webhook_endpoints', { url, enabled_events: [...events], connect: connect || undefined });
      return { id: String(field(body, 'id')), secret: String(field(body, 'secret')) };
    },
    async getBalance() {
      const body = await call('GET', '/v1/balance');
      const available = (field(body, 'available') as { amount: number; currency: string }[] | undefined) ?? [];
      return {
        available: available.map((a) => ({
          amount: fromStripeAmount(Number(a.amount), a.currency),
          currency: String(a.currency).toUpperCase(),
        })),
      };
    },
  };
}
