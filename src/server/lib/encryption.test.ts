import { describe, expect, it } from 'vitest';
import { Encryption } from './encryption.ts';

describe('Encryption (AES-256-GCM)', () => {
  const box = new Encryption('install-secret');

  it('round-trips a value and never stores the plaintext', () => {
    const sealed = box.encrypt('shpat_0123456789', 'a.myshopify.com');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('shpat');
    expect(box.decrypt(sealed, 'a.myshopify.com')).toBe('shpat_0123456789');
  });

  it('uses a fresh IV each time', () => {
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses a changed value, another context and another key', () => {
    const sealed = box.encrypt('token', 'a.myshopify.com');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => box.decrypt([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), 'a.myshopify.com')).toThrow();
    expect(() => box.decrypt(sealed, 'b.myshopify.com')).toThrow();
    expect(() => new Encryption('another-secret').decrypt(sealed, 'a.myshopify.com')).toThrow();
    expect(() => box.decrypt('plain-text')).toThrow('Not an encrypted value');
  });
});
