import { z } from 'zod';
import { MoneyTextSchema, moneyAmount } from './money.ts';
import { MSG } from '../messages.ts';
import { ShopDomainSchema } from './public.ts';

/**
 * Vendors bring their catalog: a vendor's PrestaShop shop connected with
 * its webservice key (integrations/keys), its products imported by a resumable sync.
 */

export const INTEGRATION_TYPES = ['prestashop'] as const;

export const INTEGRATION_MESSAGES = {
  invalidDomain: 'Enter the address of your shop, like https://shop.example',
  keyRefused: 'The shop refused this webservice key; check that it is complete, active and allowed to read products',
  shopUnreachable: (detail: string) => `Could not check the key with the shop: ${detail}`,
  notConnected: 'Connect your PrestaShop shop first',
  vendorOnly: 'Switch to a vendor: a shop is connected for one vendor',
  syncRunning: 'A sync of this shop is already running',
  notNegative: 'Must be 0 or more',
  invalidAmount: 'Must be an amount like 2.50',
  factorRange: 'Must be more than 0 and at most 100',
} as const;

/** Factors are kept in ten-thousandths (×1.25 = 12500): enough for any markup, exact in integers. */
export const FACTOR_SCALE = 10_000;

/** A shop address as typed: a host or an http(s) URL, without credentials or query. */
export function shopBaseUrl(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash || (!url.hostname.includes('.') && url.hostname !== 'localhost')) return null;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** POST integrations/keys: connect a shop (the key is checked with it first). */
export const IntegrationConnectSchema = z.object({
  domain: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(255)
    .refine((d) => shopBaseUrl(d) !== null, INTEGRATION_MESSAGES.invalidDomain),
  webserviceKey: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(255),
  type: z.enum(INTEGRATION_TYPES).default('prestashop'),
});
export type IntegrationConnect = z.input<typeof IntegrationConnectSchema>;

const amountText = moneyAmount(INTEGRATION_MESSAGES.invalidAmount, INTEGRATION_MESSAGES.notNegative);

/**
 * PUT integrations/keys: how imported prices are made (price × factor + cost) and what a re-run leaves
 * alone. Every key is required: the settings form always sends all four, and a default in place of a
 * missing one would reset the stored markup or skip flag.
 */
export const IntegrationSettingsSchema = z.object({
  additionalCost: amountText,
  additionalFactor: z
    .union([z.number(), z.string()], { error: MSG.required })
    .pipe(
      z.coerce
        .number<string | number>({ error: INTEGRATION_MESSAGES.factorRange })
        .gt(0, INTEGRATION_MESSAGES.factorRange)
        .max(100, INTEGRATION_MESSAGES.factorRange),
    ),
  skipPriceUpdate: z.boolean(),
  skipContentUpdate: z.boolean(),
});
export type IntegrationSettings = z.input<typeof IntegrationSettingsSchema>;

export const CATALOG_SYNC_STATUSES = ['running', 'done', 'failed'] as const;

/** One sync run: progress while it runs, the result after. */
export const CatalogSyncSchema = z.object({
  id: z.string(),
  status: z.enum(CATALOG_SYNC_STATUSES),
  total: z.number(),
  progress: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  failed: z.array(z.object({ externalId: z.string(), message: z.string() })),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CatalogSync = z.infer<typeof CatalogSyncSchema>;

/** GET integrations/keys: the caller's connection (never the key) and its last sync. */
export const IntegrationKeysAnswerSchema = z.object({
  /** false in the marketplace view: a shop belongs to one vendor. */
  canConnect: z.boolean(),
  integration: z
    .object({
      type: z.enum(INTEGRATION_TYPES),
      domain: z.string(),
      additionalCost: MoneyTextSchema,
      /** The store's currency, which the cost is added in. */
      currency: z.string(),
      additionalFactor: z.number(),
      skipPriceUpdate: z.boolean(),
      skipContentUpdate: z.boolean(),
      connectedAt: z.string(),
    })
    .nullable(),
  lastSync: CatalogSyncSchema.nullable(),
});
export type IntegrationKeysAnswer = z.infer<typeof IntegrationKeysAnswerSchema>;

export const PLATFORM_MESSAGES = {
  notConnected: 'Connect your shop on the platform first',
  productNotFound: 'Product not found in your platform shop',
  claimInvalid: 'This connection link is invalid, used or expired. Start again from your shop on the platform.',
  shopTaken: 'This shop is already connected to another vendor',
} as const;

/** POST integrations/shopify/connect: a vendor starts authorizing its own platform shop; answers where to approve it. */
export const SellerShopConnectSchema = z.object({ shop: ShopDomainSchema });
export const SellerShopConnectAnswerSchema = z.object({ url: z.string() });

/**
 * GET and POST integrations/shopify/claim: a shop approved on the platform (the platform started
 * it, auth/request-token-seller) waits for its vendor; the claim came in the redirect to our app.
 * GET shows which shop it is, POST makes it the signed-in vendor's.
 */
export const SellerShopClaimSchema = z.object({ claim: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(200) });
export const SellerShopClaimAnswerSchema = z.object({ shop: z.string(), expiresAt: z.string() });
export const SellerShopClaimedSchema = z.object({ shop: z.string() });

/** GET integrations/shopify/products: the vendor's own platform shop, its products and which of ours each became. */
export const SellerProductsAnswerSchema = z.object({
  /** false when this install has no platform app credentials: a shop cannot be connected. */
  available: z.boolean(),
  shop: z.string().nullable(),
  products: z.array(z.object({ id: z.string(), title: z.string(), status: z.string(), variants: z.number() })),
  links: z.array(z.object({ platformProductId: z.string(), productId: z.string(), title: z.string() })),
});
export type SellerProductsAnswer = z.infer<typeof SellerProductsAnswerSchema>;

/** POST integrations/products/sync: import (or update) one product of the vendor's platform shop. */
export const SellerProductSyncSchema = z.object({ productId: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(200) });
export const SellerProductSyncAnswerSchema = z.object({ productId: z.string(), created: z.boolean(), changed: z.boolean() });
