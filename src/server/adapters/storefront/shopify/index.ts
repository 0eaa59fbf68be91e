export { MAX_CLOCK_SKEW_SECONDS, isFreshTimestamp, queryHmacMessage, signQuery, verifyQueryHmac } from './query-hmac.ts';
export { verifyWebhookHmac, webhookHmac } from './webhook-hmac.ts';
export {
  OAuthExchangeError,
  baseUrlFromTemplate,
  createShopifyOAuthClient,
  type AccessTokenGrant,
  type ShopifyOAuthClient,
  type ShopifyOAuthClientOptions,
} from './oauth-client.ts';
export { missingScopes } from './scopes.ts';
