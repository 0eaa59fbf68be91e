import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { OAuthConfirmQuerySchema, OAuthRequestQuerySchema, PlatformNameParamsSchema, SellerTokenQuerySchema } from '#shared/schemas/public';
import type { AppContext } from '#server/context';
import { platformInstallations } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { OAuthExchangeError } from '#server/adapters/storefront/shopify/index';
import { EXIT_IFRAME_SCRIPT, EXIT_IFRAME_SCRIPT_PATH, renderExitIframePage } from './exit-iframe.ts';
import { installShop } from './install-shop.ts';
import { consumeOAuthState, createOAuthState, type OAuthPurpose } from './oauth-states.ts';
import { requirePlatform } from './require-platform.ts';
import { createSellerClaim } from './seller-claims.ts';
import { verifySignedQuery } from './verify-signed-query.ts';

const TAGS = ['platform'];
/** Installs are rare; the limit only stops someone hammering the signature check. */
const RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
const Redirect = z.null().describe('Redirect');
const Html = z.string().describe('text/html');

export function registerPlatformAuthRoutes(app: App, ctx: AppContext) {
  const redirectUri = `${ctx.config.publicUrl}/api/auth/shopify/confirm`;

  // An unknown platform is a 404 before its query is validated: there is nothing to validate against.
  const platformFirst = async (request: { params: unknown }) => {
    requirePlatform(ctx.config, (request.params as { name?: string }).name ?? '');
  };

  /** A fresh state bound to the shop, and the authorize URL that carries it. */
  const authorizeUrlFor = async (shop: string, purpose: OAuthPurpose) => {
    const { apiKey, scopes } = requirePlatform(ctx.config, 'shopify');
    const state = await createOAuthState(ctx, shop.toLowerCase(), purpose);
    return ctx.oauth.authorizeUrl({ shop: shop.toLowerCase(), clientId: apiKey, scope: scopes, redirectUri, state });
  };

  app.get(
    '/api/auth/:name/request',
    {
      config: { policy: 'public', rateLimit: RATE_LIMIT },
      preValidation: platformFirst,
      schema: {
        tags: TAGS,
        summary: 'Start installing the app from the platform: verify the signed request and redirect to its authorize screen',
        params: PlatformNameParamsSchema,
        querystring: OAuthRequestQuerySchema,
        produces: ['application/json', 'text/html'],
        response: { 200: Html, 302: Redirect },
      },
    },
    async (request, reply) => {
      const { apiSecret } = requirePlatform(ctx.config, request.params.name);
      verifySignedQuery(request.url, apiSecret, ctx.now(), { requireTimestamp: true });
      const target = await authorizeUrlFor(request.query.shop, 'install');
      reply.header('cache-control', 'no-store');
      if (request.query.embedded === '1') return reply.type('text/html; charset=utf-8').send(renderExitIframePage(target));
      return reply.redirect(target, 302);
    },
  );

  app.post(
    '/api/auth/shopify/update',
    {
      config: { policy: 'admin' },
      schema: {
        tags: TAGS,
        summary: "The platform's authorize screen for this marketplace's shop, to approve the scopes the app asks for now",
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request) => {
      const { storeId } = requireAuth(request);
      const [installation] = await ctx.db
        .select({ shop: platformInstallations.shop })
        .from(platformInstallations)
        .where(and(eq(platformInstallations.storeId, storeId), eq(platformInstallations.kind, 'marketplace')));
      if (!installation) throw new AppError('not_found', 'This marketplace is not installed on a Shopify store');
      return { url: await authorizeUrlFor(installation.shop, 'install') };
    },
  );

  app.get(
    '/api/auth/:name/confirm',
    {
      config: { policy: 'public', rateLimit: RATE_LIMIT },
      preValidation: platformFirst,
      schema: {
        tags: TAGS,
        summary:
          "Finish an install: verify the callback, use up its state, store the shop's token encrypted, open the app (a seller shop no vendor started: with a claim for the vendor who signs in)",
        params: PlatformNameParamsSchema,
        querystring: OAuthConfirmQuerySchema,
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const { apiKey, apiSecret } = requirePlatform(ctx.config, request.params.name);
      verifySignedQuery(request.url, apiSecret, ctx.now(), { requireTimestamp: true });
      const shop = request.query.shop.toLowerCase();
      const purpose = await consumeOAuthState(ctx, request.query.state, shop);
      let grant;
      try {
        grant = await ctx.oauth.exchangeCode({ shop, code: request.query.code, clientId: apiKey, clientSecret: apiSecret });
      } catch (error) {
        if (!(error instanceof OAuthExchangeError)) throw error;
        request.log.warn({ shop, status: error.status, err: error.message }, 'platform token exchange failed');
        throw new AppError('unauthorized', 'The platform did not confirm this install, please start again');
      }
      const outcome = await installShop(ctx, {
        shop,
        accessToken: grant.accessToken,
        scope: grant.scope,
        purpose,
        state: request.query.state,
      });
      if (outcome.kind === 'marketplace') await ctx.scheduleStoreJobs(outcome.storeId);
      reply.header('cache-control', 'no-store');
      if (outcome.kind === 'marketplace' || !outcome.isSeller) return reply.redirect('/app', 302);
      if (outcome.owned) return reply.redirect('/app/integrations', 302);
      // Approved on the platform with no vendor waiting: the vendor who signs in with this claim gets it.
      return reply.redirect(`/app/integrations?claim=${await createSellerClaim(ctx, shop)}`, 302);
    },
  );

  app.get(
    '/api/auth/request-token-seller',
    {
      config: { policy: 'public', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary:
          "A vendor connects its own platform shop from the platform: verify the signed request and redirect to the shop's authorize screen (the vendor then claims it in our app)",
        querystring: SellerTokenQuerySchema,
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const { apiSecret } = requirePlatform(ctx.config, 'shopify');
      verifySignedQuery(request.url, apiSecret, ctx.now(), { requireTimestamp: false });
      const target = await authorizeUrlFor(request.query.shop, 'seller');
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );

  app.get(
    EXIT_IFRAME_SCRIPT_PATH,
    {
      config: { policy: 'public' },
      schema: {
        tags: TAGS,
        summary: 'The script of the page that leaves the admin frame during an install',
        produces: ['text/javascript'],
      },
    },
    async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(EXIT_IFRAME_SCRIPT),
  );
}
