import type { Config } from '#server/config';
import { AppError } from '#server/http/errors';

/** The storefront platforms that can install the app; the `{name}` of auth/{name}/request|confirm. */
export const SUPPORTED_PLATFORMS = ['shopify'] as const;
export type PlatformName = (typeof SUPPORTED_PLATFORMS)[number];

export interface PlatformCredentials {
  apiKey: string;
  apiSecret: string;
  scopes: string;
}

/**
 * The credentials of a named platform. An unknown name is a 404, and so is a platform without
 * credentials: with an empty secret anyone could forge its signatures.
 */
export function requirePlatform(config: Config, name: string): PlatformCredentials {
  if (!(SUPPORTED_PLATFORMS as readonly string[]).includes(name)) throw new AppError('not_found', 'Unknown platform');
  const { apiKey, apiSecret, scopes } = config.shopify;
  if (!apiKey || !apiSecret) throw new AppError('not_found', 'This platform is not configured');
  return { apiKey, apiSecret, scopes };
}
