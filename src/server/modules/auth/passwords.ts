import type { Options } from '@node-rs/argon2';
import { MSG } from '#shared/messages';
import { badRequest } from '#server/http/errors';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { onHashThread } from './hash-threads.ts';

/** OWASP argon2id parameters: 19 MiB, 2 iterations; run on the hash threads, off the event loop. */
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => onHashThread<string>('hash', [password, ARGON2]);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  // Unknown users are checked against a throwaway hash so both answers take as long (no discovery).
  const target = stored ?? (await dummyHash);
  try {
    const ok = await onHashThread<boolean>('verify', [target, password]);
    return ok && stored !== null;
  } catch {
    return false;
  }
}

const dummyHash = hashPassword('not-a-password-of-anyone');

/** Refuses the passwords attackers try first. Length rules live in the shared schema. */
export function assertPasswordAllowed(password: string) {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw badRequest(MSG.passwordTooCommon, [{ path: 'password', message: MSG.passwordTooCommon }]);
  }
}
