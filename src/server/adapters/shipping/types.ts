/** A shipping-label provider (Shippo), reached with one account's API key. */

export interface ProviderAddress {
  name: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  email: string;
  is_residential: boolean;
  metadata: string;
}

export interface ProviderParcel {
  length: number;
  width: number;
  height: number;
  distanceUnit: string;
  weight: number;
  massUnit: string;
}

export interface ProviderRate {
  id: string;
  /** Major units as the provider writes them ("7.50"). */
  amount: string;
  currency: string;
  carrier: string;
  service: string;
  estimatedDays: number | null;
  attributes: string[];
}

export type PurchaseStatus = 'WAITING' | 'QUEUED' | 'SUCCESS' | 'ERROR' | 'REFUNDED' | 'REFUNDPENDING' | 'REFUNDREJECTED';

export interface ProviderPurchase {
  id: string;
  rateId: string;
  status: PurchaseStatus;
  labelUrl: string;
  trackingNumber: string;
  trackingUrl: string;
  messages: string[];
}

export type RefundStatus = 'QUEUED' | 'PENDING' | 'SUCCESS' | 'ERROR';

export interface ShippingAccount {
  /** Asks the provider whether it accepts the key (an authenticated list of one address); throws `refusedKey` when it does not. */
  verifyKey(): Promise<void>;
  /** Creates a shipment and answers the carriers' rates for it (and their messages when a carrier could not quote). */
  quote(input: {
    from: ProviderAddress;
    to: ProviderAddress;
    parcels: ProviderParcel[];
  }): Promise<{ rates: ProviderRate[]; messages: { source: string; text: string }[] }>;
  /** One rate as the provider has it. */
  getRate(rateId: string): Promise<ProviderRate>;
  /** Buys the label of a rate; `metadata` (≤ 100 characters) is kept with the purchase. */
  buyLabel(rateId: string, metadata: string): Promise<ProviderPurchase>;
  /** The purchases made for a rate: the provider has no idempotency key, so a retry looks here before buying again. */
  findPurchases(rateId: string): Promise<ProviderPurchase[]>;
  /** Asks for a refund of an unused label. */
  refundLabel(purchaseId: string): Promise<{ id: string; status: RefundStatus }>;
  /** The state of a refund asked for earlier. */
  getRefund(refundId: string): Promise<{ id: string; status: RefundStatus }>;
  /** The label file (the purchase's labelUrl). */
  downloadLabel(url: string): Promise<{ body: Buffer; contentType: string }>;
}

/** The shipping port: an account per API key (the marketplace's or a vendor's). */
export interface ShippingProvider {
  /** The provider's account of this key. */
  account(apiKey: string): ShippingAccount;
}

/** A provider failure; `refusedKey` when the provider did not accept the key. */
export class ShippingProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly refusedKey = false,
  ) {
    super(message);
  }
}

export const SHIPPING_TIMEOUT_MS = 30_000;
