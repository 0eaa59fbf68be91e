import { toStripeAmount } from './stripe-amounts.ts';
import { field, providerFetch } from './http.ts';
import { stripeForm } from './stripe-form.ts';

/** A Stripe Checkout Session in payment mode: the buyer's page for one order. */
export interface StripePaymentSession {
  id: string;
  url: string;
  /** When Stripe expires the unpaid session (it then sends checkout.session.expired). */
  expiresAt: Date;
}

/** Stripe Checkout with the marketplace's secret key: the built-in storefront's card payments. */
export interface StripeCheckoutClient {
  /**
   * A hosted page where the buyer pays `amount` (our minor units of `currency`, sent in Stripe's own) for one order;
   * `orderId` travels as client_reference_id and metadata.order_id, so the session's events name it.
   * The idempotency key makes a retried call the same session.
   */
  createPaymentSession(input: {
    orderId: string;
    orderName: string;
    amount: number;
    currency: string;
    customerEmail: string;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<StripePaymentSession>;
}

export function createStripeCheckoutClient(baseUrl: string, secretKey: string): StripeCheckoutClient {
  return {
    async createPaymentSession(input) {
      const body = stripeForm({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: toStripeAmount(input.amount, input.currency),
              product_data: { name: `Order ${input.orderName}` },
            },
          },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.orderId,
        customer_email: input.customerEmail || undefined,
        metadata: { order_id: input.orderId },
        payment_intent_data: { metadata: { order_id: input.orderId } },
      });
      const answer = await providerFetch(
        `${baseUrl}/v1/checkout/sessions`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${secretKey}`,
            'stripe-version': '2025-06-30.basil',
            'content-type': 'application/x-www-form-urlencoded',
            'idempotency-key': input.idempotencyKey,
          },
          body: body.toString(),
        },
        (b) => field(b, 'error', 'message') as string | undefined,
      );
      return {
        id: String(field(answer, 'id')),
        url: String(field(answer, 'url')),
        expiresAt: new Date(Number(field(answer, 'expires_at')) * 1000),
      };
    },
  };
}
