import { randomBytes } from 'node:crypto';
import { startHttpFake, type FakeReply, type FakeRequest } from './http-server.ts';

interface Account {
  id: string;
  object: 'account';
  email: string | null;
  country: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { currently_due: string[] };
  controller: Record<string, unknown>;
}
interface Transfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  metadata: Record<string, string>;
  created: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const error = (status: number, type: string, message: string, code?: string): FakeReply => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

/**
 * Stripe Connect as far as we use it, speaking its shapes: Bearer secret key, form-encoded bodies,
 * accounts, account links, login links, transfers (moving the platform's balance), the balance.
 * An `Idempotency-Key` on a POST replays the first answer (any status) with `Idempotent-Replayed`,
 * and is refused with other parameters or on another path (idempotency_error), as Stripe does.
 */
export async function startFakeStripe(options: { secretKey?: string; balance?: Record<string, number>; delayMs?: number } = {}) {
  const secretKey = options.secretKey ?? `sk_test_${'x'.repeat(32)}`;
  const accounts = new Map<string, Account>();
  const transfers: Transfer[] = [];
  const balance = new Map(Object.entries(options.balance ?? { usd: 10_000_000, eur: 10_000_000 }));
  const idempotent = new Map<string, { fingerprint: string; reply: FakeReply }>();
  const requests: FakeRequest[] = [];
  const state = { lookupFailures: 0 };
  const webhookEndpoints: { id: string; url: string; connect: boolean; secret: string }[] = [];

  function route(req: FakeRequest, params: URLSearchParams): FakeReply {
    const p = Object.fromEntries(params);
    if (req.method === 'POST' && req.path === '/v1/accounts') {
      if (!p.country || !/^[A-Z]{2}$/.test(p.country))
        return error(400, 'invalid_request_error', 'Country must be a valid ISO 3166-1 alpha-2 code', 'parameter_invalid');
      if (p.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(p.email))
        return error(400, 'invalid_request_error', 'Invalid email address: ' + p.email, 'email_invalid');
      const account: Account = {
        id: id('acct'),
        object: 'account',
        email: p.email ?? null,
        country: p.country,
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: ['business_type', 'external_account', 'tos_acceptance.date'] },
        controller: { stripe_dashboard: { type: p['controller[stripe_dashboard][type]'] ?? 'full' } },
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)(\/login_links)?$/.exec(req.path);
    if (accountPath) {
      const account = accounts.get(decodeURIComponent(accountPath[1]));
      if (!account) return error(404, 'invalid_request_error', `No such account: '${accountPath[1]}'`, 'resource_missing');
      if (req.method === 'GET' && !accountPath[2]) return { status: 200, body: account };
      if (req.method === 'POST' && accountPath[2]) {
        if (!account.details_submitted)
          return error(400, 'invalid_request_error', 'Cannot create a login link for an account that has not completed onboarding.');
        return {
          status: 200,
          body: {
            object: 'login_link',
            created: Math.floor(Date.now() / 1000),
            url: `https://connect.stripe.com/express/${account.id}/${id('login')}`,
          },
        };
      }
    }
    if (req.method === 'POST' && req.path === '/v1/account_links') {
      if (!accounts.has(p.account)) return error(400, 'invalid_request_error', `No such account: '${p.account}'`, 'resource_missing');
      if (p.type !== 'account_onboarding' || !p.refresh_url || !p.return_url)
        return error(400, 'invalid_request_error', 'Missing required param: type, refresh_url or return_url.');
      const created = Math.floor(Date.now() / 1000);
      return {
        status: 200,
        body: {
          object: 'account_link',
          created,
          expires_at: created + 300,
          url: `https://connect.stripe.com/setup/e/${p.account}/${id('link')}`,
        },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/transfers') {
      const amount = Number(p.amount);
      if (!Number.isInteger(amount) || amount < 1)
        return error(400, 'invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer');
      const destination = accounts.get(p.destination);
      if (!destination) return error(400, 'invalid_request_error', `No such destination: '${p.destination}'`, 'resource_missing');
      const available = balance.get(p.currency) ?? 0;
      if (available < amount)
        return error(400, 'invalid_request_error', 'You have insufficient available funds in your Stripe account.', 'balance_insufficient');
      balance.set(p.currency, available - amount);
      const metadata = Object.fromEntries(
        Object.entries(p).flatMap(([k, v]) => (/^metadata\[(.+)\]$/.test(k) ? [[k.slice(9, -1), v]] : [])),
      );
      const transfer: Transfer = {
        id: id('tr'),
        object: 'transfer',
        amount,
        currency: p.currency,
        destination: destination.id,
        transfer_group: p.transfer_group ?? null,
        metadata,
        created: Math.floor(Date.now() / 1000),
      };
      transfers.push(transfer);
      return { status: 200, body: transfer };
    }
    if (req.method === 'GET' && req.path === '/v1/transfers') {
      if (state.lookupFailures > 0) {
        state.lookupFailures--;
        return error(503, 'api_error', 'Stripe is temporarily unavailable');
      }
      const group = req.query.get('transfer_group');
      const data = transfers.filter((t) => !group || t.transfer_group === group);
      return { status: 200, body: { object: 'list', url: '/v1/transfers', has_more: false, data } };
    }
    if (req.method === 'POST' && req.path === '/v1/webhook_endpoints') {
      const endpoint = {
        id: id('we'),
        object: 'webhook_endpoint',
        url: p.url,
        connect: p.connect === 'true',
        secret: `whsec_${randomBytes(16).toString('hex')}`,
      };
      webhookEndpoints.push(endpoint);
      return { status: 200, body: endpoint };
    }
    if (req.method === 'GET' && req.path === '/v1/balance') {
      return {
        status: 200,
        body: {
          object: 'balance',
          livemode: false,
          available: [...balance].map(([currency, amount]) => ({ amount, currency })),
          pending: [],
        },
      };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path}).`);
  }

  const server = await startHttpFake((req) => {
    requests.push(req);
    if (req.headers.authorization !== `Bearer ${secretKey}`) return error(401, 'invalid_request_error', 'Invalid API Key provided');
    const params = new URLSearchParams(req.method === 'POST' ? req.text : req.query);
    const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    if (!key) return route(req, params);
    const fingerprint = `${req.path}\n${[...params].sort().join('&')}`;
    const seen = idempotent.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint)
        return error(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      return { ...seen.reply, headers: { 'idempotent-replayed': 'true', 'idempotency-key': key } };
    }
    const reply = route(req, params);
    idempotent.set(key, { fingerprint, reply });
    return { ...reply, headers: { 'idempotency-key': key } };
  }, options.delayMs);

  return {
    ...server,
    secretKey,
    accounts,
    transfers,
    balance,
    requests,
    webhookEndpoints,
    /** The next `count` transfer look-ups (GET /v1/transfers) answer 503, other calls as usual. */
    failTransferLookups(count = 1) {
      state.lookupFailures = count;
    },
    /** What the vendor does on Stripe's onboarding pages. */
    completeOnboarding(accountId: string) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      Object.assign(account, {
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        requirements: { currently_due: [] },
      });
    },
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
