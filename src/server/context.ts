import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { TokenService } from './modules/auth/index.ts';
import type { Mailer } from './modules/notifications/index.ts';
import type { FileStorage } from './adapters/storage/types.ts';
import type { PaymentProviders } from './adapters/payments/types.ts';
import type { ShippingProvider } from './adapters/shipping/types.ts';
import type { BackgroundRemover } from './adapters/background-removal/index.ts';
import type { MailingProviders } from './adapters/mailing/index.ts';
import type { PdfRenderer } from './adapters/pdf/index.ts';
import type { PrestaShopClient, PrestaShopClientOptions } from './adapters/prestashop/client.ts';
import type { SheetsClient } from './adapters/google-sheets/google-sheets.ts';
import type { ShopifyOAuthClient } from './adapters/storefront/shopify/oauth-client.ts';
import type { AdminGraphqlClient } from './adapters/storefront/shopify/admin-graphql.ts';
import type { StorefrontAdapters } from './adapters/storefront/index.ts';
import type { Contributions } from './server-module.ts';

/** What every module's routes and use cases are given: configuration, database and the ports. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  jobs: JobQueue;
  tokens: TokenService;
  mailer: Mailer;
  storage: FileStorage;
  /** Stripe Connect and PayPal Payouts, made per store's keys. */
  payments: PaymentProviders;
  /** Shipping labels (Shippo), per account key. */
  shipping: ShippingProvider;
  /** The stores' mailing services (Brevo, Klaviyo), made per store's key. */
  mailing: MailingProviders;
  /** The storefront platform's app authorization (install and seller connections); SHOPIFY_ADMIN_BASE_URL points it at a fake. */
  oauth: ShopifyOAuthClient;
  /** Takes the background out of product photos (BACKGROUND_REMOVAL picks local or remote). */
  backgroundRemover: BackgroundRemover;
  /** A vendor's PrestaShop webservice, reached only at hosts the outbound allow-list lets through. */
  prestashop: (options: Omit<PrestaShopClientOptions, 'allowHosts'>) => PrestaShopClient;
  /**
   * The service account's Google Sheets client, null when the server has none configured. One per app:
   * its token and its count of recent writes are shared by every run in the process.
   */
  sheets: SheetsClient | null;
  /** Prints documents (invoices, packing slips) as PDF; `available` is false without Chromium. */
  pdf: PdfRenderer;
  /** Signs upload URLs; per install, shared by every process. */
  uploadSecret: string;
  /** Platform shops' Admin API clients and what is spoken through them (products, discounts, translations, pages, billing), or our own catalog. */
  storefront: StorefrontAdapters;
  /**
   * The Admin API client of the Shopify shop that installed the app as this marketplace, null when the
   * store sells on our own catalog: made by app.ts from platform-auth's installation and ctx.storefront,
   * so the storefront sync, billing, discounts, shipments and pages reach the shop the same way.
   */
  marketplaceAdmin: (storeId: string) => Promise<{ client: AdminGraphqlClient; shop: string } | null>;
  now: () => Date;
  /** What the modules lend one another against the import direction (status counters, export sources, ...). */
  contributions: Contributions;
  /** Queues one store's recurring jobs, every module's (a marketplace installed while the server runs). */
  scheduleStoreJobs: (storeId: string) => Promise<void>;
}
