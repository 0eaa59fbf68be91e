import type { Config } from '#server/config';
import { createPayPalClient } from './paypal.ts';
import { createStripeClient } from './stripe.ts';
import { createStripeBillingClient } from './stripe-billing.ts';
import { createStripeCheckoutClient } from './stripe-checkout.ts';
import type { PaymentProviders } from './types.ts';

export const PAYPAL_HOSTS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/**
 * The real providers, at their real hosts unless the configuration points elsewhere (a fake in
 * tests). Without a store's keys nothing is called: payouts are manual, the embedded default.
 */
export function createPaymentProviders(config: Config): PaymentProviders {
  return {
    stripe: (secretKey) => createStripeClient(config.payments.stripeApiUrl, secretKey),
    paypal: ({ clientId, clientSecret, isSandbox }) =>
      createPayPalClient(config.payments.paypalApiUrl ?? (isSandbox ? PAYPAL_HOSTS.sandbox : PAYPAL_HOSTS.live), clientId, clientSecret),
    stripeBilling: (secretKey) => createStripeBillingClient(config.payments.stripeApiUrl, secretKey),
    stripeCheckout: (secretKey) => createStripeCheckoutClient(config.payments.stripeApiUrl, secretKey),
  };
}
