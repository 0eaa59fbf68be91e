/** A picture or video of a product, with an absolute URL the platform can fetch. */
export interface StorefrontMedia {
  src: string;
  alt: string;
  contentType: 'IMAGE' | 'VIDEO' | 'EXTERNAL_VIDEO';
}

export interface StorefrontMetafield {
  namespace: string;
  key: string;
  /** Our metafield type (input, textarea, select, checkbox, url, date, ...) or a platform type. */
  type: string;
  value: unknown;
}

export interface StorefrontVariant {
  id: string;
  sku: string;
  barcode: string;
  /** Minor units of the store currency (19.99 EUR = 1999). */
  price: number;
  compareAt: number | null;
  /** The variant's value of each product option, in the options' order. */
  options: string[];
  taxable: boolean;
  trackStock: boolean;
  stock: number;
  requiresShipping: boolean;
  weight: number;
  weightUnit: string;
  media: StorefrontMedia[];
  metafields: StorefrontMetafield[];
}

/** A product as it should look on the storefront: what the sync job hands to the platform. */
export interface StorefrontProduct {
  id: string;
  storeId: string;
  handle: string;
  title: string;
  bodyHtml: string;
  /** The vendor's name (the platform's vendor field). */
  vendor: string;
  seo: { title: string; description: string };
  options: { name: string; values: string[] }[];
  media: StorefrontMedia[];
  metafields: StorefrontMetafield[];
  variants: StorefrontVariant[];
  currency: string;
  /** Digits after the decimal point of the currency (2 for EUR, 0 for JPY). */
  currencyDecimals: number;
  /** The theme template the platform shows the product with (the store's templateSuffix); null: the theme's default. */
  templateSuffix: string | null;
}

export interface PublishResult {
  /** The platform's id of the product (null for the built-in storefront, where it is our own id). */
  platformProductId: string | null;
}

/**
 * Where approved products are sold. The embedded default is our own catalog (`local`); the real
 * provider is the storefront platform's Admin API (`shopify`). Implementations are idempotent: the
 * sync job may call them again with the same product after a retry.
 */
export interface StorefrontPlatform {
  readonly kind: 'local' | 'shopify';
  /**
   * Makes the product visible on the storefront exactly as given (created the first time, replaced
   * afterwards: variants, media and metafields not in it are removed). Throws StorefrontSyncError.
   */
  publishProduct(product: StorefrontProduct): Promise<PublishResult>;
  /**
   * Takes a product off sale but keeps it on the platform (an unapproved, draft or archived product),
   * so publishing it again keeps its platform id. Nothing happens for a product never published.
   */
  unpublishProduct(productId: string): Promise<void>;
  /** Removes a product we deleted from the platform. Nothing happens for a product never published. */
  removeProduct(productId: string): Promise<void>;
}

/** A sync that failed; `retryable` says whether trying again later may succeed (network, throttling, 5xx). */
export class StorefrontSyncError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** A discount code as the storefront platform should know it (what the discount sync job hands over). */
export interface StorefrontDiscountCode {
  title: string;
  code: string;
  /** ISO instants: the start of the first UTC day, the end of the last (null: no end). */
  startsAt: string;
  endsAt: string | null;
  value: { percentage: number } | { amount: string };
  /** null: every product; else the platform ids of the products it applies to. */
  productIds: string[] | null;
  minimum: { subtotal: string } | { quantity: string } | null;
  usageLimit: number | null;
  appliesOncePerCustomer: boolean;
}

/**
 * A discount the platform applies by itself to every cart that qualifies (what the discount sync
 * job hands over): no code, and the platform counts no uses of it.
 */
export type StorefrontAutomaticDiscount = Omit<StorefrontDiscountCode, 'code' | 'usageLimit' | 'appliesOncePerCustomer'>;

/**
 * Where discounts are applied. The built-in checkout (`local`) reads our own discounts, so it needs
 * nothing; the platform (`shopify`) gets a copy of each code and automatic discount. Throws StorefrontSyncError.
 */
export interface StorefrontDiscounts {
  readonly kind: 'local' | 'shopify';
  /** Creates the code on the platform; answers its platform id (null for the built-in checkout). */
  publishDiscountCode(discount: StorefrontDiscountCode): Promise<string | null>;
  /**
   * Creates the automatic discount on the platform, or updates the one it already has
   * (`platformDiscountId`); answers its platform id (null for the built-in checkout).
   */
  publishAutomaticDiscount(discount: StorefrontAutomaticDiscount, platformDiscountId: string | null): Promise<string | null>;
  /** Deletes a code or automatic discount created before; one the platform no longer has is not an error. */
  removeDiscount(platformDiscountId: string): Promise<void>;
}
