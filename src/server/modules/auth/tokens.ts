import { SignJWT, jwtVerify } from 'jose';
import type { SessionClaims } from '#shared/permissions';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

export interface AccessClaims extends SessionClaims {
  /** user id */
  sub: string;
  /** refresh-token family (the sign-in this token belongs to) */
  sid?: string;
  typ: 'access';
}

/** Tokens whose signature was checked, remembered at most (a full map forgets its oldest entry). */
const MAX_VERIFIED = 10_000;

export class TokenService {
  /** Imported once: jose re-imports raw bytes on every call, which doubled the check every request makes. */
  private key: Promise<CryptoKey>;
  /**
   * Claims of tokens whose signature was already checked, by the exact token text: the same bytes
   * verify the same way every time, so only the expiry is checked again (HMAC was a tenth of a list
   * call's CPU under load). Revocation is not a token matter: authenticate reads the sign-in's row.
   */
  private verified = new Map<string, AccessClaims>();
  constructor(
    secret: string,
    private now: () => Date = () => new Date(),
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async issue(claims: Omit<AccessClaims, 'exp' | 'typ'>): Promise<{ token: string; exp: number }> {
    const iat = Math.floor(this.now().getTime() / 1000);
    const exp = iat + ACCESS_TOKEN_SECONDS;
    const { sub, ...rest } = claims;
    const token = await new SignJWT({ ...rest, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await this.key);
    return { token, exp };
  }

  /** Verifies signature (HS256 only: no "none", no algorithm confusion), expiry and token type. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > this.now().getTime()) return known;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], currentDate: this.now() });
      if (
        payload.typ !== 'access' ||
        typeof payload.sub !== 'string' ||
        typeof payload.store !== 'string' ||
        typeof payload.exp !== 'number'
      )
        return null;
      const claims = payload as unknown as AccessClaims;
      if (this.verified.size >= MAX_VERIFIED) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }
}
