import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmacHex = (secret: string | Buffer, message: string) => createHmac('sha256', secret).update(message).digest('hex');

/** Compares two strings in constant time (for signatures and codes). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** A numeric code a person can type, from a CSPRNG. */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}
