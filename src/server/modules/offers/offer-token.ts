import type { AppContext } from '#server/context';
import { hmacHex, safeEqual } from '#server/lib/hashing';

/**
 * Buyers have no account: the mailed link carries a token signed by the install's secret, bound to
 * the store, the offer and the buyer's address (as conversations' buyer token). It names one offer
 * and nothing else; it does not expire itself, the offer's own state decides what it still allows.
 */
export interface OfferClaim {
  storeId: string;
  offerId: string;
}

const sign = (ctx: Pick<AppContext, 'uploadSecret'>, claim: OfferClaim, email: string) =>
  hmacHex(ctx.uploadSecret, `offer-buyer:${claim.storeId}:${claim.offerId}:${email}`).slice(0, 43);

export function issueOfferToken(ctx: Pick<AppContext, 'uploadSecret'>, claim: OfferClaim, email: string): string {
  return `${Buffer.from(`${claim.storeId}:${claim.offerId}`).toString('base64url')}.${sign(ctx, claim, email)}`;
}

/** The claim a token makes, unverified: check it against the offer's row with verifyOfferToken. */
export function readOfferToken(token: string): (OfferClaim & { signature: string }) | null {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  const [storeId, offerId] = Buffer.from(body, 'base64url').toString().split(':');
  if (!storeId || !offerId || !/^[0-9a-f-]{36}$/i.test(offerId)) return null;
  return { storeId, offerId, signature };
}

export function verifyOfferToken(ctx: Pick<AppContext, 'uploadSecret'>, claim: OfferClaim & { signature: string }, email: string): boolean {
  return safeEqual(claim.signature, sign(ctx, claim, email));
}
