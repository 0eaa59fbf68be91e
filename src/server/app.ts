import Fastify, { type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AppContext } from './context.ts';
import { JobQueue } from './jobs/queue.ts';
import { createMailTransport } from './adapters/mail/index.ts';
import { createFileStorage } from './adapters/storage/index.ts';
import { createPaymentProviders } from './adapters/payments/index.ts';
import { createShippingProvider } from './adapters/shipping/index.ts';
import { createPdfRenderer } from './adapters/pdf/index.ts';
import { createBackgroundRemover } from './adapters/background-removal/index.ts';
import { createMailingProviders } from './adapters/mailing/index.ts';
import { createPrestaShopClient } from './adapters/prestashop/client.ts';
import { createSheetsClient } from './adapters/google-sheets/google-sheets.ts';
import { baseUrlFromTemplate, createShopifyOAuthClient } from './adapters/storefront/shopify/oauth-client.ts';
import { createStorefrontAdapters, type PlatformDeps } from './adapters/storefront/index.ts';
import { getOrCreateSecret } from './lib/secrets.ts';
import { redactUrl } from './lib/redact-url.ts';
import { createLogDestination } from './lib/log-destination.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installPolicyGuard, type RouteRecord } from './http/policy.ts';
import { strictValidatorCompiler } from './http/validation.ts';
import { installJsonBodyRule } from './http/json-bodies.ts';
import { auditModule, installRequestActors } from './modules/audit/index.ts';
import { authModule, PredictedSessions, TokenService } from './modules/auth/index.ts';
import { catalogModule } from './modules/catalog/index.ts';
import { commissionsModule } from './modules/commissions/index.ts';
import { conversationsModule } from './modules/conversations/index.ts';
import { csvModule } from './modules/csv/index.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { deliveryModule } from './modules/delivery/index.ts';
import { discountsModule } from './modules/discounts/index.ts';
import { docsModule } from './modules/docs/index.ts';
import { documentsModule, PRINT_SCRIPT_HASH } from './modules/documents/index.ts';
import { dutyDigestModule } from './modules/duty-digest/index.ts';
import { exportsModule } from './modules/exports/index.ts';
import { financeModule } from './modules/finance/index.ts';
import { healthModule } from './modules/health/index.ts';
import { imagesModule } from './modules/images/index.ts';
import { installationModule } from './modules/installation/index.ts';
import { integrationsModule } from './modules/integrations/index.ts';
import { membershipModule } from './modules/membership/index.ts';
import { metafieldsModule } from './modules/metafields/index.ts';
import { Mailer, notificationsModule } from './modules/notifications/index.ts';
import { offersModule } from './modules/offers/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { marketplaceInstallation, platformAuthModule } from './modules/platform-auth/index.ts';
import { platformWebhooksModule } from './modules/platform-webhooks/index.ts';
import { productsModule } from './modules/products/index.ts';
import { publicModule } from './modules/public/index.ts';
import { registrationModule } from './modules/registration/index.ts';
import { settingsModule } from './modules/settings/index.ts';
import { sheetsModule } from './modules/sheets/index.ts';
import { shippingModule } from './modules/shipping/index.ts';
import { storefrontSyncModule } from './modules/storefront-sync/index.ts';
import { resolvePublicStore, storesModule } from './modules/stores/index.ts';
import { stripeWebhooksModule } from './modules/stripe-webhooks/index.ts';
import { uploadsModule } from './modules/uploads/index.ts';
import { vendorPageModule } from './modules/vendor-page/index.ts';
import { vendorsModule } from './modules/vendors/index.ts';
import { collectContributions, type ServerModule } from './server-module.ts';
import { registerWebApp } from './web-app.ts';
import { postgresRateLimitStore } from './http/rate-limit-store.ts';

/** Every server module, in the order their routes are registered (the order the OpenAPI document lists them). */
export const SERVER_MODULES: readonly ServerModule[] = [
  healthModule,
  exportsModule,
  authModule,
  registrationModule,
  settingsModule,
  vendorsModule,
  metafieldsModule,
  vendorPageModule,
  uploadsModule,
  publicModule,
  platformAuthModule,
  commissionsModule,
  deliveryModule,
  notificationsModule,
  productsModule,
  catalogModule,
  csvModule,
  imagesModule,
  ordersModule,
  financeModule,
  conversationsModule,
  offersModule,
  dashboardModule,
  paymentsModule,
  shippingModule,
  sheetsModule,
  installationModule,
  membershipModule,
  stripeWebhooksModule,
  discountsModule,
  integrationsModule,
  documentsModule,
  auditModule,
  dutyDigestModule,
  platformWebhooksModule,
  storefrontSyncModule,
  storesModule,
  docsModule,
];

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** The clock; tests move it to check expiries. */
  now?: () => Date;
  /** false: no log; a stream: the log's lines go there (tests read the access log); else stdout, never waited for. */
  logger?: boolean | { write(line: string): void };
  /** How the platform's Admin API is reached (tests: a fetch of their own, a sleep that does not wait). */
  platformDeps?: PlatformDeps;
}

export interface BuiltApp {
  app: ReturnType<typeof Fastify>;
  ctx: AppContext;
  routes: RouteRecord[];
}

/**
 * A request as the access log writes it: Fastify's own fields, with the secrets a URL may carry
 * (a buyer's chat token, a claim, OAuth code, state and hmac) hidden, so a log reader cannot act as
 * the buyer or replay an install.
 */
export const accessLogRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Builds the whole product (API and web app) on a database; used by main and by the tests. */
export async function buildApp({ config, database, now = () => new Date(), logger, platformDeps }: BuildAppOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: accessLogRequest },
            stream: typeof logger === 'object' ? logger : createLogDestination(),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(strictValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = database.db;
  const jobs = new JobQueue(db, app.log, undefined, now);
  const [jwtSecret, uploadSecret] = await Promise.all([
    config.jwtSecret ? Promise.resolve(config.jwtSecret) : getOrCreateSecret(db, 'jwt'),
    getOrCreateSecret(db, 'upload'),
  ]);
  const storefront = createStorefrontAdapters(config, platformDeps);
  const ctx: AppContext = {
    config,
    db,
    dbKind: database.kind,
    jobs,
    tokens: new TokenService(jwtSecret, now),
    mailer: new Mailer(db, jobs, createMailTransport(config.smtpUrl), config.mailFrom),
    storage: await createFileStorage(config),
    payments: createPaymentProviders(config),
    shipping: createShippingProvider(config),
    mailing: createMailingProviders(),
    oauth: createShopifyOAuthClient({ baseUrlFor: baseUrlFromTemplate(config.shopify.adminBaseUrl) }),
    backgroundRemover: createBackgroundRemover(config),
    prestashop: (options) => createPrestaShopClient({ ...options, allowHosts: config.outboundAllowHosts }),
    sheets: config.googleSheets.credentials
      ? createSheetsClient({ ...config.googleSheets, credentials: config.googleSheets.credentials })
      : null,
    pdf: createPdfRenderer(config),
    uploadSecret,
    storefront,
    marketplaceAdmin: async (storeId) => {
      const installed = await marketplaceInstallation(ctx, storeId);
      return installed && { client: storefront.adminClient(installed.shop, installed.accessToken), shop: installed.shop };
    },
    now,
    contributions: collectContributions(SERVER_MODULES),
    scheduleStoreJobs: async (storeId) => {
      for (const mod of SERVER_MODULES) await mod.scheduleStore?.(ctx, storeId);
    },
  };

  await app.register(swagger, {
    openapi: {
      info: { title: 'Marketplace back-office API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'mp_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(cookie);
  await app.register(formbody);
  installSecurityHeaders(app, {
    // The app is embedded in the storefront admin, so framing is allowed; scripts stay same-origin.
    frameguard: false,
    // HSTS and upgrade-insecure-requests only make sense once the product is served over https.
    hsts: config.publicUrl.startsWith('https:'),
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        frameAncestors: ['*'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The print page of a document opens from the app as a blob: URL, which keeps this policy: its Print button's script by hash.
        scriptSrc: ["'self'", PRINT_SCRIPT_HASH],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // Counters in the database, so limits hold across every API process (rate-limit-store.ts).
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(db, now) as never });
  installErrorHandler(app);
  installJsonBodyRule(app);
  const sessions = new PredictedSessions(ctx);
  const routes = installPolicyGuard(
    app,
    (request) => sessions.authenticate(request),
    async (request) => {
      const named = (request.query as { store?: unknown }).store;
      return (await resolvePublicStore(ctx, typeof named === 'string' ? named : undefined, request.hostname)).settings.features;
    },
  );
  sessions.install(app);
  installRequestActors(app);

  for (const mod of SERVER_MODULES) {
    mod.jobs?.(ctx);
    mod.register?.(app, ctx);
  }
  await registerWebApp(app, config);

  app.addHook('onClose', async () => {
    await jobs.stop();
    await ctx.pdf.close();
  });
  return { app: app as unknown as ReturnType<typeof Fastify>, ctx, routes };
}
