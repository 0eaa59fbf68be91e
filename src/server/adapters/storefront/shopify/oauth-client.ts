/** What the platform answers when it exchanges an install code (offline token). */
export interface AccessTokenGrant {
  accessToken: string;
  scope: string;
}

export interface ShopifyOAuthClientOptions {
  /**
   * The admin origin of a shop; `https://{shop}` by default. Tests and local development point it at
   * a fake (SHOPIFY_ADMIN_BASE_URL), where `{shop}` in the value is replaced by the shop domain.
   */
  baseUrlFor?: (shop: string) => string;
  fetch?: typeof fetch;
  /** The platform answers in well under a second; a hung call must not hold the install redirect. */
  timeoutMs?: number;
}

export interface ShopifyOAuthClient {
  /** Where the merchant approves the app's scopes; the platform then calls our confirm URL. */
  authorizeUrl(input: { shop: string; clientId: string; scope: string; redirectUri: string; state: string }): string;
  /** Trades the one-time install code for the shop's access token. Throws OAuthExchangeError when refused. */
  exchangeCode(input: { shop: string; code: string; clientId: string; clientSecret: string }): Promise<AccessTokenGrant>;
}

/** The platform refused the code (used, expired or forged) or answered something unexpected. */
export class OAuthExchangeError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Builds a base-URL function from a configured template such as `http://127.0.0.1:4010/{shop}`. */
export function baseUrlFromTemplate(template: string | undefined): ((shop: string) => string) | undefined {
  if (!template) return undefined;
  const trimmed = template.replace(/\/$/, '');
  return (shop) => trimmed.replaceAll('{shop}', encodeURIComponent(shop));
}

export function createShopifyOAuthClient(options: ShopifyOAuthClientOptions = {}): ShopifyOAuthClient {
  const baseUrlFor = options.baseUrlFor ?? ((shop: string) => `https://${shop}`);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    authorizeUrl({ shop, clientId, scope, redirectUri, state }) {
      // The merchant's browser goes to the real shop, never to the configured base URL.
      const query = new URLSearchParams({ client_id: clientId, scope, redirect_uri: redirectUri, state });
      return `https://${shop}/admin/oauth/authorize?${query.toString()}`;
    },
    async exchangeCode({ shop, code, clientId, clientSecret }) {
      let response: Response;
      try {
        response = await doFetch(`${baseUrlFor(shop)}/admin/oauth/access_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, code }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new OAuthExchangeError(`The platform could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok) throw new OAuthExchangeError(`The platform refused the install code (${response.status})`, response.status);
      const body = (await response.json().catch(() => null)) as { access_token?: unknown; scope?: unknown } | null;
      if (!body || typeof body.access_token !== 'string' || !body.access_token) {
        throw new OAuthExchangeError('The platform answered without an access token', response.status);
      }
      return { accessToken: body.access_token, scope: typeof body.scope === 'string' ? body.scope : '' };
    },
  };
}
