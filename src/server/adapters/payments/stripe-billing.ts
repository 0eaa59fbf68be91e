import { hmacHex, safeEqual } from '#server/lib/hashing';
import { field, providerFetch } from './http.ts';
import { stripeForm } from './stripe-form.ts';

export interface StripePrice {
  id: string;
  productId: string;
  name: string;
  description: string | null;
  amount: number;
  currency: string;
  interval: string;
  intervalCount: number;
}

/** Stripe Billing with the marketplace's secret key: the vendors' memberships (subscriptions). */
export interface StripeBillingClient {
  /** The active recurring prices, each with its product (the plans vendors can subscribe to). */
  listPrices(): Promise<StripePrice[]>;
  /** A hosted checkout page for one subscription; `metadata` lands on the subscription and so on its events. */
  createCheckoutSession(input: {
    priceId: string;
    customerId: string | null;
    customerEmail: string | null;
    clientReferenceId: string;
    metadata: Record<string, string>;
    trialDays: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  /** A one-time URL into the customer portal (cards, invoices, plan change, cancel). */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Registers where Stripe sends events; answers the endpoint's signing secret (shown only once). */
  createWebhookEndpoint(input: { url: string; events: readonly string[] }): Promise<{ id: string; secret: string }>;
}

const price = (body: unknown): StripePrice => ({
  id: String(field(body, 'id')),
  productId: String(field(body, 'product', 'id') ?? field(body, 'product')),
  name: String(field(body, 'product', 'name') ?? field(body, 'nickname') ?? field(body, 'id')),
  description: (field(body, 'product', 'description') as string | null | undefined) ?? null,
  amount: Number(field(body, 'unit_amount') ?? 0),
  currency: String(field(body, 'currency')).toUpperCase(),
  interval: String(field(body, 'recurring', 'interval') ?? 'month'),
  intervalCount: Number(field(body, 'recurring', 'interval_count') ?? 1),
});

export function createStripeBillingClient(baseUrl: string, secretKey: string): StripeBillingClient {
  const call = (method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${secretKey}`, 'stripe-version': '2025-06-30.basil' };
    const body = stripeForm(params);
    let url = `${baseUrl}${path}`;
    if (method === 'GET') url += [...body].length ? `?${body}` : '';
    else headers['content-type'] = 'application/x-www-form-urlencoded';
    return providerFetch(
      url,
      { method, headers, body: method === 'POST' ? body.toString() : undefined },
      (b) => field(b, 'error', 'message') as string | undefined,
    );
  };
  return {
    async listPrices() {
      const body = await call('GET', '/v1/prices', { active: true, type: 'recurring', limit: 100, expand: ['data.product'] });
      const prices = ((field(body, 'data') as unknown[] | undefined) ?? []).map(price);
      return prices.sort((a, b) => a.amount - b.amount);
    },
    async createCheckoutSession(input) {
      const body = await call('POST', '/v1/checkout/sessions', {
        mode: 'subscription',
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.clientReferenceId,
        customer: input.customerId ?? undefined,
        customer_email: input.customerId ? undefined : (input.customerEmail ?? undefined),
        metadata: input.metadata,
        subscription_data: { metadata: input.metadata, trial_period_days: input.trialDays > 0 ? input.trialDays : undefined },
      });
      return { id: String(field(body, 'id')), url: String(field(body, 'url')) };
    },
    async createPortalSession({ customerId, returnUrl }) {
      return {
        url: String(field(await call('POST', '/v1/billing_portal/sessions', { customer: customerId, return_url: returnUrl }), 'url')),
      };
    },
    async createWebhookEndpoint({ url, events }) {
      const body = await call('POST', '/v1/webhook_endpoints', { url, enabled_events: [...events] });
      return { id: String(field(body, 'id')), secret: String(field(body, 'secret')) };
    },
  };
}

/** Stripe's tolerance between the signature's timestamp and now. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** `Stripe-Signature: t=<unix>,v1=<hex>` for a body: hex(HMAC-SHA256(secret, `${t}.${body}`)). */
export const stripeSignature = (secret: string, timestamp: number, rawBody: string) =>
  `t=${timestamp},v1=${hmacHex(secret, `${timestamp}.${rawBody}`)}`;

/**
 * Checks a `Stripe-Signature` header as Stripe's libraries do: any v1 signature matching, compared
 * in constant time, and the timestamp within the tolerance of now (a replayed old event fails).
 */
export function verifyStripeSignature(secret: string, header: string | undefined, rawBody: string, now: Date): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = hmacHex(secret, `${timestamp}.${rawBody}`);
  return parts.some(([key, value]) => key === 'v1' && value !== undefined && safeEqual(value, expected));
}
