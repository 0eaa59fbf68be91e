import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { MSG } from '#shared/messages';
import { badRequest } from '#server/http/errors';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/** OWASP argon2id parameters (security.md 1): 19 MiB, 2 iterations; runs on libuv's pool, off the event loop. */
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashes at once, at most: one core stays with the event loop, so twenty sign-ins at once queue
 * among themselves instead of slowing every other call (bench:http measures it).
 */
const hashing = pLimit(Math.max(1, os.availableParallelism() - 1));

export const hashPassword = (password: string) => hashing(() => hash(password, ARGON2));

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  // Unknown users are checked against a throwaway hash so both answers take as long (no discovery).
  const target = stored ?? (await dummyHash);
  try {
    const ok = await hashing(() => verify(target, password));
    return ok && stored !== null;
  } catch {
    return false;
  }
}

const dummyHash = hash('not-a-password-of-anyone', ARGON2);

/** Refuses the passwords attackers try first (security.md 2). Length rules live in the shared schema. */
export function assertPasswordAllowed(password: string) {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw badRequest(MSG.passwordTooCommon, [{ path: 'password', message: MSG.passwordTooCommon }]);
  }
}
