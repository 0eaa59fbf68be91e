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
import { TokenService } from './modules/auth/tokens.ts';
import { Mailer } from './modules/notifications/mailer.ts';
import { createMailTransport } from './adapters/mail/index.ts';
import { createFileStorage } from './adapters/storage/index.ts';
import { createPaymentProviders } from './adapters/payments/index.ts';
import { createShippingProvider } from './adapters/shipping/index.ts';
import { createPdfRenderer } from './adapters/pdf/index.ts';
import { createBackgroundRemover } from './adapters/background-removal/index.ts';
import { createMailingProviders } from './adapters/mailing/index.ts';
import { baseUrlFromTemplate, createShopifyOAuthClient } from './adapters/storefront/shopify/oauth-client.ts';
import { getOrCreateSecret } from './lib/secrets.ts';
import { redactUrl } from './lib/redact-url.ts';
import { createLogDestination } from './lib/log-destination.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installPolicyGuard, type RouteRecord } from './http/policy.ts';
import { strictValidatorCompiler } from './http/validation.ts';
import { installJsonBodyRule } from './http/json-bodies.ts';
import { PredictedSessions } from './modules/auth/predicted-sessions.ts';
import { resolvePublicStore } from './modules/stores/find-store.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { registerRegistrationRoutes } from './modules/registration/routes.ts';
import { registerSettingsRoutes } from './modules/settings/routes.ts';
import { checkPaymentFlags } from './modules/payments/payment-flags.ts';
import { registerVendorRoutes } from './modules/vendors/routes.ts';
import { registerMetafieldRoutes } from './modules/metafields/routes.ts';
import { registerVendorPageRoutes } from './modules/vendor-page/routes.ts';
import { checkVendorPageSettings } from './modules/vendor-page/publish-vendor-page.ts';
import { registerUploadRoutes } from './modules/uploads/routes.ts';
import { registerPublicRoutes } from './modules/public/routes.ts';
import { registerPlatformAuthRoutes } from './modules/platform-auth/routes.ts';
import { registerNotificationRoutes } from './modules/notifications/routes.ts';
import { registerDocsRoutes } from './modules/docs/routes.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerCommissionRoutes } from './modules/commissions/routes.ts';
import { registerDeliveryRoutes } from './modules/delivery/routes.ts';
import { registerProductRoutes } from './modules/products/routes.ts';
import { registerCatalogRoutes } from './modules/catalog/routes.ts';
import { registerCsvImportRoutes } from './modules/csv/routes.ts';
import { registerOrderRoutes } from './modules/orders/routes.ts';
import { registerFinanceRoutes } from './modules/finance/routes.ts';
import { registerConversationRoutes } from './modules/conversations/routes.ts';
import { registerOfferRoutes } from './modules/offers/routes.ts';
import { registerDashboardRoutes } from './modules/dashboard/routes.ts';
import { registerPaymentRoutes } from './modules/payments/routes.ts';
import { registerShippingRoutes } from './modules/shipping/routes.ts';
import { registerSheetsRoutes } from './modules/sheets/routes.ts';
import { registerIntegrationRoutes } from './modules/integrations/routes.ts';
import { PRINT_SCRIPT_HASH } from './modules/documents/document-page.ts';
import { registerDocumentRoutes } from './modules/documents/routes.ts';
import { registerDutyDigestJob } from './modules/duty-digest/duty-digest.ts';
import { registerExportJob } from './modules/exports/csv-exports.ts';
import { registerPlatformWebhookRoutes } from './modules/platform-webhooks/routes.ts';
import { registerImageRoutes } from './modules/images/routes.ts';
import { registerInstallationRoutes } from './modules/installation/routes.ts';
import { registerMembershipRoutes } from './modules/membership/routes.ts';
import { registerStripeWebhookRoutes } from './modules/stripe-webhooks/routes.ts';
import { marketplaceAdminClient, registerStorefrontSync } from './modules/storefront-sync/index.ts';
import { registerDiscountRoutes } from './modules/discounts/routes.ts';
import { installRequestActors, registerAuditRoutes } from './modules/audit/index.ts';
import { registerWebApp } from './web-app.ts';
import { postgresRateLimitStore } from './http/rate-limit-store.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** The clock; tests move it to check expiries. */
  now?: () => Date;
  /** false: no log; a stream: the log's lines go there (tests read the access log); else stdout, never waited for. */
  logger?: boolean | { write(line: string): void };
  platformDeps?: AppContext['platform'];
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
    pdf: createPdfRenderer(config),
    uploadSecret,
    platform: platformDeps ?? {},
    marketplaceAdmin: (storeId) => marketplaceAdminClient(ctx, storeId),
    now,
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

  registerHealthRoutes(app, ctx);
  registerExportJob(ctx);
  registerAuthRoutes(app, ctx);
  registerRegistrationRoutes(app, ctx);
  registerSettingsRoutes(app, ctx, [checkPaymentFlags, checkVendorPageSettings]);
  registerVendorRoutes(app, ctx);
  registerMetafieldRoutes(app, ctx);
  registerVendorPageRoutes(app, ctx);
  registerUploadRoutes(app, ctx);
  registerPublicRoutes(app, ctx);
  registerPlatformAuthRoutes(app, ctx);
  registerCommissionRoutes(app, ctx);
  registerDeliveryRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerProductRoutes(app, ctx);
  registerCatalogRoutes(app, ctx);
  registerCsvImportRoutes(app, ctx);
  registerImageRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerFinanceRoutes(app, ctx);
  registerConversationRoutes(app, ctx);
  registerOfferRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerShippingRoutes(app, ctx);
  registerSheetsRoutes(app, ctx);
  registerInstallationRoutes(app, ctx);
  registerMembershipRoutes(app, ctx);
  registerStripeWebhookRoutes(app, ctx);
  registerDiscountRoutes(app, ctx);
  registerIntegrationRoutes(app, ctx);
  registerDocumentRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerDutyDigestJob(ctx);
  registerPlatformWebhookRoutes(app, ctx);
  registerStorefrontSync(ctx);
  registerDocsRoutes(app);
  await registerWebApp(app, config);

  app.addHook('onClose', async () => {
    await jobs.stop();
    await ctx.pdf.close();
  });
  return { app: app as unknown as ReturnType<typeof Fastify>, ctx, routes };
}
