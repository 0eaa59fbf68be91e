import { randomBytes } from 'node:crypto';
import { stripeSignature } from '../../src/server/adapters/payments/stripe-billing.ts';
import { startHttpFake, type FakeReply, type FakeRequest } from './http-server.ts';

interface Product {
  id: string;
  object: 'product';
  name: string;
  description: string | null;
  active: boolean;
}
interface Price {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  type: 'recurring';
  recurring: { interval: string; interval_count: number };
  product: string;
}
interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  trial_end: number | null;
  items: { object: 'list'; data: { id: string; price: Price; current_period_end: number }[] };
}
interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription_metadata: Record<string, string>;
  trial_period_days: number | null;
  price: string;
  success_url: string;
  cancel_url: string;
  subscription: string | null;
  /** Payment mode: the order's sum, and whether it was paid. */
  amount_total: number | null;
  currency: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  expires_at: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const error = (status: number, message: string, code?: string): FakeReply => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } },
});
const DAY = 24 * 60 * 60;
/** `a[b][c]` form keys that start with `prefix[`, as an object of their last part. */
const nested = (p: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.entries(p).flatMap(([k, v]) => (k.startsWith(`${prefix}[`) ? [[k.slice(prefix.length + 1, -1), v]] : [])));

/**
 * Stripe Billing as the membership uses it, speaking its shapes: products and recurring prices
 * (`GET /v1/prices?expand[]=data.product`), Checkout Sessions in subscription mode, billing portal
 * sessions, webhook endpoints (their `whsec_` secret shown once), and `GET /v1/balance` (how a key
 * is checked when it is saved). What the vendor then does on Stripe's pages (`completeCheckout`,
 * `updateSubscription`, `cancelSubscription`) is sent to every endpoint as a signed event, as Stripe does.
 */
export async function startFakeStripeBilling(
  options: {
    secretKey?: string;
    now?: () => number;
    /** How an event reaches an endpoint (default: a real POST; tests may hand it to app.inject); answers the status. */
    deliver?: (url: string, headers: Record<string, string>, body: string) => Promise<number>;
  } = {},
) {
  const deliver =
    options.deliver ??
    (async (url: string, headers: Record<string, string>, body: string) => (await fetch(url, { method: 'POST', headers, body })).status);
  const secretKey = options.secretKey ?? `sk_test_${'x'.repeat(32)}`;
  const nowSeconds = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const products = new Map<string, Product>();
  const prices = new Map<string, Price>();
  const sessions = new Map<string, CheckoutSession>();
  const idempotent = new Map<string, CheckoutSession>();
  const subscriptions = new Map<string, Subscription>();
  const portalSessions: { customer: string; return_url: string; url: string }[] = [];
  const endpoints: { id: string; url: string; secret: string; events: string[] }[] = [];
  const requests: FakeRequest[] = [];
  let customers = 0;

  function route(req: FakeRequest, p: Record<string, string>): FakeReply {
    if (req.method === 'GET' && req.path === '/v1/balance') return { status: 200, body: { object: 'balance', available: [], pending: [] } };
    if (req.method === 'GET' && req.path === '/v1/prices') {
      const expand = req.query.getAll('expand[0]').concat(req.query.getAll('expand[]')).includes('data.product');
      const data = [...prices.values()]
        .filter(
          (price) =>
            (req.query.get('active') !== 'true' || price.active) && (!req.query.get('type') || price.type === req.query.get('type')),
        )
        .map((price) => (expand ? { ...price, product: products.get(price.product) } : price));
      return { status: 200, body: { object: 'list', url: '/v1/prices', has_more: false, data } };
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions' && p.mode === 'payment') {
      // An Idempotency-Key replays the first answer (Stripe keeps them 24 hours).
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (replay) return { status: 200, body: replay };
      if (!p.success_url || !p.cancel_url) return error(400, 'Missing required param: success_url.', 'parameter_missing');
      const amount = Number(p['line_items[0][price_data][unit_amount]']);
      const quantity = Number(p['line_items[0][quantity]'] ?? 1);
      if (!Number.isInteger(amount) || amount < 0) return error(400, 'Invalid integer: unit_amount', 'parameter_invalid_integer');
      const session: CheckoutSession = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: 'payment',
        url: '',
        customer: null,
        customer_email: p.customer_email ?? null,
        client_reference_id: p.client_reference_id ?? null,
        metadata: nested(p, 'metadata'),
        subscription_metadata: {},
        trial_period_days: null,
        price: '',
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        subscription: null,
        amount_total: amount * quantity,
        currency: p['line_items[0][price_data][currency]'],
        payment_status: 'unpaid',
        status: 'open',
        expires_at: nowSeconds() + DAY,
      };
      session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
      sessions.set(session.id, session);
      if (typeof key === 'string') idempotent.set(key, session);
      return { status: 200, body: session };
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      if (p.mode !== 'subscription') return error(400, 'Missing required param: mode.', 'parameter_missing');
      const price = prices.get(p['line_items[0][price]']);
      if (!price || !price.active) return error(400, `No such price: '${p['line_items[0][price]']}'`, 'resource_missing');
      if (!p.success_url || !p.cancel_url) return error(400, 'Missing required param: success_url.', 'parameter_missing');
      const session: CheckoutSession = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: p.mode,
        url: '',
        customer: p.customer ?? null,
        customer_email: p.customer_email ?? null,
        client_reference_id: p.client_reference_id ?? null,
        metadata: nested(p, 'metadata'),
        subscription_metadata: nested(p, 'subscription_data[metadata]'),
        trial_period_days: p['subscription_data[trial_period_days]'] ? Number(p['subscription_data[trial_period_days]']) : null,
        price: price.id,
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        subscription: null,
        amount_total: null,
        currency: null,
        payment_status: 'unpaid',
        status: 'open',
        expires_at: nowSeconds() + DAY,
      };
      session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    if (req.method === 'POST' && req.path === '/v1/billing_portal/sessions') {
      if (!p.customer || ![...subscriptions.values()].some((s) => s.customer === p.customer))
        return error(400, `No such customer: '${p.customer}'`, 'resource_missing');
      const portal = { customer: p.customer, return_url: p.return_url, url: `https://billing.stripe.com/p/session/${id('test')}` };
      portalSessions.push(portal);
      return { status: 200, body: { object: 'billing_portal.session', ...portal } };
    }
    if (req.method === 'POST' && req.path === '/v1/webhook_endpoints') {
      if (!p.url) return error(400, 'Missing required param: url.', 'parameter_missing');
      const endpoint = {
        id: id('we'),
        url: p.url,
        secret: `whsec_${randomBytes(24).toString('hex')}`,
        events: Object.entries(p)
          .filter(([k]) => k.startsWith('enabled_events'))
          .map(([, v]) => v),
      };
      endpoints.push(endpoint);
      return { status: 200, body: { object: 'webhook_endpoint', ...endpoint, status: 'enabled' } };
    }
    return error(404, `Unrecognized request URL (${req.method}: ${req.path}).`);
  }

  const server = await startHttpFake((req) => {
    requests.push(req);
    if (req.headers.authorization !== `Bearer ${secretKey}`) return error(401, 'Invalid API Key provided');
    return route(req, Object.fromEntries(new URLSearchParams(req.method === 'POST' ? req.text : req.query)));
  });

  /** Sends one event to every endpoint that asked for its type, signed; answers each endpoint's status. */
  async function sendEvent(
    type: string,
    object: unknown,
    overrides: { id?: string; created?: number; signWith?: string; timestamp?: number } = {},
  ) {
    const created = overrides.created ?? nowSeconds();
    const event = { id: overrides.id ?? id('evt'), object: 'event', type, created, livemode: false, data: { object } };
    const body = JSON.stringify(event);
    const statuses: number[] = [];
    for (const endpoint of endpoints.filter((e) => e.events.includes(type))) {
      const headers = {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(overrides.signWith ?? endpoint.secret, overrides.timestamp ?? nowSeconds(), body),
      };
      statuses.push(await deliver(endpoint.url, headers, body));
    }
    return { event, statuses };
  }

  const subscriptionEvent = (sub: Subscription, type: string, overrides?: Parameters<typeof sendEvent>[2]) =>
    sendEvent(type, structuredClone(sub), overrides);

  return {
    ...server,
    secretKey,
    products,
    prices,
    sessions,
    subscriptions,
    portalSessions,
    endpoints,
    requests,
    sendEvent,
    /** A plan of the marketplace: a product with one monthly price. */
    addPlan(name: string, amount: number, currency = 'usd') {
      const product: Product = { id: id('prod'), object: 'product', name, description: `${name} membership`, active: true };
      products.set(product.id, product);
      const price: Price = {
        id: id('price'),
        object: 'price',
        active: true,
        currency,
        unit_amount: amount,
        type: 'recurring',
        recurring: { interval: 'month', interval_count: 1 },
        product: product.id,
      };
      prices.set(price.id, price);
      return price.id;
    },
    /** The vendor pays on the checkout page: a customer and a subscription exist, and Stripe sends its events. */
    async completeCheckout(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const customer = session.customer ?? `cus_test${++customers}`;
      const trialEnd = session.trial_period_days ? nowSeconds() + session.trial_period_days * DAY : null;
      const sub: Subscription = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: trialEnd ? 'trialing' : 'active',
        metadata: session.subscription_metadata,
        cancel_at_period_end: false,
        trial_end: trialEnd,
        items: {
          object: 'list',
          data: [{ id: id('si'), price: prices.get(session.price)!, current_period_end: trialEnd ?? nowSeconds() + 30 * DAY }],
        },
      };
      subscriptions.set(sub.id, sub);
      Object.assign(session, { customer, subscription: sub.id });
      await sendEvent('checkout.session.completed', { ...session, status: 'complete' });
      return { subscription: sub, created: await subscriptionEvent(sub, 'customer.subscription.created') };
    },
    /** The buyer pays on a payment-mode checkout page: Stripe sends checkout.session.completed, paid. */
    async payCheckout(sessionId: string, overrides?: Parameters<typeof sendEvent>[2]) {
      const session = sessions.get(sessionId)!;
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      return sendEvent('checkout.session.completed', structuredClone(session), overrides);
    },
    /** Nobody paid before expires_at: Stripe expires the session and says so. */
    async expireCheckoutSession(sessionId: string) {
      const session = sessions.get(sessionId)!;
      session.status = 'expired';
      return sendEvent('checkout.session.expired', structuredClone(session));
    },
    /** A change made in the portal or by Stripe (a failed renewal: past_due). */
    async updateSubscription(
      subscriptionId: string,
      change: Partial<Pick<Subscription, 'status' | 'cancel_at_period_end'>>,
      overrides?: Parameters<typeof sendEvent>[2],
    ) {
      const sub = subscriptions.get(subscriptionId)!;
      Object.assign(sub, change);
      return subscriptionEvent(sub, 'customer.subscription.updated', overrides);
    },
    async cancelSubscription(subscriptionId: string) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.status = 'canceled';
      return subscriptionEvent(sub, 'customer.subscription.deleted');
    },
  };
}
export type FakeStripeBilling = Awaited<ReturnType<typeof startFakeStripeBilling>>;
