import { isFreshTimestamp, verifyQueryHmac } from '#server/adapters/storefront/shopify/index';
import { AppError } from '#server/http/errors';

/**
 * Checks that the platform signed this exact query and, when it carries a timestamp, that it is
 * fresh. Works on the raw query string rather than the validated one, because the platform signs
 * every parameter it sent, including ones our schema does not know.
 */
export function verifySignedQuery(rawUrl: string, secret: string, now: Date, options: { requireTimestamp: boolean }) {
  const params = new URL(rawUrl, 'http://localhost').searchParams;
  if (!verifyQueryHmac(secret, params.entries())) throw new AppError('unauthorized', 'Invalid signature');
  const timestamp = params.get('timestamp');
  if (timestamp === null ? options.requireTimestamp : !isFreshTimestamp(timestamp, now)) {
    throw new AppError('unauthorized', 'This request has expired, please start again');
  }
}
