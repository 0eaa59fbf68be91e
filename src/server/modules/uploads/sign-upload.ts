import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '#server/http/errors';

/** How long a handed-out upload URL stays usable. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

export interface UploadGrant {
  /** PUT for `cdn/{proxy}` URLs, POST for staged (multipart) targets: a PUT URL cannot be replayed as a form. */
  method: 'PUT' | 'POST';
  key: string;
  contentType: string;
  /** Unix seconds. */
  expires: number;
}

function mac(secret: string, grant: UploadGrant) {
  // Newline-separated: none of the parts can contain a newline (keys and types are from allow-lists).
  const message = ['upload-v1', grant.method, grant.key, grant.contentType, String(grant.expires)].join('\n');
  return createHmac('sha256', secret).update(message).digest('base64url');
}

export function signUpload(secret: string, grant: UploadGrant): string {
  return mac(secret, grant);
}

/**
 * Refuses a grant whose signature does not match (a changed key, type, expiry or signature) with 403,
 * and an expired one with 403. Single use is checked against the files table by the caller.
 */
export function verifyUpload(secret: string, grant: UploadGrant, signature: string, now: Date) {
  const expected = Buffer.from(mac(secret, grant));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('forbidden', 'This upload URL is not valid');
  }
  if (!Number.isFinite(grant.expires) || grant.expires * 1000 <= now.getTime()) {
    throw new AppError('forbidden', 'This upload URL has expired, please upload the file again');
  }
}
