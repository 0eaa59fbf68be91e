import { createHmac } from 'node:crypto';
import { safeEqual } from '#server/lib/hashing';

/** The platform's webhook signature: base64 HMAC-SHA256 of the raw body bytes, never of re-serialised JSON. */
export function webhookHmac(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** True when `X-Shopify-Hmac-Sha256` signs the raw body (constant-time); check before parsing the body. */
export function verifyWebhookHmac(secret: string, rawBody: string | Buffer, header: string | undefined): boolean {
  if (!secret || !header) return false;
  return safeEqual(webhookHmac(secret, rawBody), header.trim());
}
