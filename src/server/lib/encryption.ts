import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { getOrCreateSecret } from './secrets.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts secrets we must be able to use again (platform access tokens, provider keys) with
 * AES-256-GCM. The stored form is `v1.<iv>.<tag>.<ciphertext>` (base64url), so a later key or
 * algorithm can live beside it. `context` (e.g. the shop) is authenticated, not stored: a value
 * copied to another row does not decrypt there.
 */
export class Encryption {
  private readonly key: Buffer;

  constructor(secret: string) {
    // The stored install secret is text; HKDF turns it into a key used for this purpose only.
    this.key = Buffer.from(hkdfSync('sha256', secret, 'marketplace', 'aes-256-gcm secrets v1', 32));
  }

  encrypt(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /** Throws when the value was changed, belongs to another context, or was sealed with another key. */
  decrypt(sealed: string, context = ''): string {
    const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length) throw new Error('Not an encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

const cache = new WeakMap<Db, Promise<Encryption>>();

/** The install's encryption, keyed by the per-install 'encryption' secret shared by every process. */
export function getEncryption(db: Db): Promise<Encryption> {
  let found = cache.get(db);
  if (!found) {
    found = getOrCreateSecret(db, 'encryption').then((secret) => new Encryption(secret));
    // A failed read (database down) must not be remembered.
    found.catch(() => cache.delete(db));
    cache.set(db, found);
  }
  return found;
}
