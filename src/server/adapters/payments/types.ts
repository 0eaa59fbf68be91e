import type { StripeBillingClient } from './stripe-billing.ts';
import type { StripeCheckoutClient } from './stripe-checkout.ts';
/**
 * Why a provider call failed. `refused`: the provider answered that it will not do it (bad key,
 * unknown account, insufficient funds): nothing happened, trying again changes nothing.
 * `unavailable`: no usable answer (network, timeout, 5xx, 429): it may or may not have happened,
 * so a payment is asked about again later, never made anew. `duplicate`: PayPal already has a batch
 * with this sender_batch_id.
 */
export type ProviderErrorKind = 'refused' | 'unavailable' | 'duplicate';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What a provider's error means for what it may have done: refused (nothing happened) or unknown (it may have). */
export function providerErrorMeaning(error: unknown): 'refused' | 'unknown' | null {
  if (!(error instanceof ProviderError)) return null;
  return error.kind === 'unavailable' ? 'unknown' : 'refused';
}

export interface StripeAccount {
  id: string;
  email: string | null;
  country: string | null;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** What Stripe still needs from the vendor (requirements.currently_due). */
  currentlyDue: string[];
}

/** Amounts in our minor units (ISO 4217): the adapter converts to and from Stripe's own units. */
export interface StripeTransfer {
  id: string;
  amount: number;
  currency: string;
  destination: string;
  transferGroup: string | null;
  /** What Stripe took back of it (transfer reversals), in our minor units. */
  amountReversed: number;
  /** Our payout id, from the transfer's metadata. */
  payoutId: string | null;
}

/** Stripe Connect with one platform secret key (the store's). */
export interface StripeClient {
  /**
   * Creates a connected account for a vendor (Stripe hosts its onboarding and its dashboard);
   * `idempotencyKey` makes a retry get the same account back.
   */
  createAccount(input: { email: string; country: string; idempotencyKey: string }): Promise<StripeAccount>;
  /** The connected account as Stripe has it now (onboarding done, payouts enabled). */
  getAccount(accountId: string): Promise<StripeAccount>;
  /** A one-time onboarding URL (`account_links`, type account_onboarding). */
  createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string; expiresAt: number }>;
  /** A one-time URL into the vendor's Stripe dashboard (`login_links`). */
  createLoginLink(accountId: string): Promise<{ url: string }>;
  /**
   * Moves money from the platform balance to a connected account. `idempotencyKey` is sent as
   * `Idempotency-Key` and as the transfer group: asking again with it replays the first transfer.
   * `amount` is in our minor units; an amount Stripe cannot express in its units is refused unsent.
   */
  createTransfer(input: { amount: number; currency: string; destination: string; idempotencyKey: string }): Promise<StripeTransfer>;
  /** The transfers of a transfer group (our payout id): how a payment left in flight is found again. */
  listTransfers(transferGroup: string): Promise<StripeTransfer[]>;
  /** Every transfer made since a moment (all pages): what a reconciliation compares our payouts with. */
  listTransfersSince(since: Date): Promise<StripeTransfer[]>;
  /** Registers where Stripe sends events (`connect`: the connected accounts' events); answers its signing secret, shown only once. */
  createWebhookEndpoint(input: { url: string; events: readonly string[]; connect: boolean }): Promise<{ id: string; secret: string }>;
  /** The platform's available balance per currency, in our minor units (upper-case ISO codes). */
  getBalance(): Promise<{ available: { amount: number; currency: string }[] }>;
}

export type PayPalRecipientType = 'EMAIL' | 'USER_HANDLE';
export type PayPalBatchStatus = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'DENIED' | 'CANCELED';
export type PayPalItemStatus = 'SUCCESS' | 'FAILED' | 'PENDING' | 'UNCLAIMED' | 'RETURNED' | 'ONHOLD' | 'BLOCKED' | 'REFUNDED' | 'REVERSED';

export interface PayPalBatch {
  batchId: string;
  status: PayPalBatchStatus;
  /** Each item's status and, when it failed, PayPal's error. */
  items: { itemId: string; status: PayPalItemStatus; senderItemId: string | null; error?: string }[];
}

/** PayPal Payouts with the store's REST app (client id and secret). */
export interface PayPalClient {
  /**
   * Sends one payout batch. `senderBatchId` (our payout id) is PayPal's idempotency key: a second
   * batch with it is refused (ProviderError `duplicate`) unless PayPal replays the first answer.
   */
  createBatch(input: {
    senderBatchId: string;
    emailSubject: string;
    items: { receiver: string; recipientType: PayPalRecipientType; amount: string; currency: string; senderItemId: string }[];
  }): Promise<{ batchId: string; status: PayPalBatchStatus }>;
  /** A batch and its items' statuses. */
  getBatch(batchId: string): Promise<PayPalBatch>;
  /** Checks the credentials (an OAuth token is obtained). */
  verify(): Promise<void>;
  /** Registers where PayPal sends these events; answers the webhook id its signatures are checked against. */
  createWebhook(input: { url: string; eventTypes: readonly string[] }): Promise<{ id: string }>;
  /**
   * Asks PayPal whether an event's transmission headers sign its raw body for this webhook
   * (`verify-webhook-signature`); the event is sent as received, byte for byte.
   */
  verifyWebhook(input: { webhookId: string; headers: PayPalTransmission; rawBody: string }): Promise<boolean>;
}

/** The `PAYPAL-*` headers of a webhook delivery. */
export interface PayPalTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

export interface PayPalCredentials {
  clientId: string;
  clientSecret: string;
  isSandbox: boolean;
}

/** The payment providers, each made for one store's credentials. */
export interface PaymentProviders {
  stripe(secretKey: string): StripeClient;
  paypal(credentials: PayPalCredentials): PayPalClient;
  /** The marketplace's own Stripe account: its prices, subscriptions and webhook endpoints. */
  stripeBilling(secretKey: string): StripeBillingClient;
  /** Checkout Sessions of the built-in storefront's card payments. */
  stripeCheckout(secretKey: string): StripeCheckoutClient;
}
