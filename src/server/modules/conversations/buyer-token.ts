import type { AppContext } from '#server/context';
import { hmacHex, safeEqual } from '#server/lib/hashing';

/**
 * Buyers are not back-office users: a buyer takes part in one conversation with a token signed by
 * the install's secret, bound to the store, the conversation and the buyer's address. The storefront
 * keeps the token chat-with-seller answers; the mails to the buyer carry it in their link. It has no
 * expiry (a mailed link must keep working); deleting the conversation ends it.
 */
export interface BuyerClaim {
  storeId: string;
  conversationId: string;
}

const sign = (ctx: Pick<AppContext, 'uploadSecret'>, claim: BuyerClaim, email: string) =>
  hmacHex(ctx.uploadSecret, `conversation-buyer:${claim.storeId}:${claim.conversationId}:${email}`).slice(0, 43);

export function issueBuyerToken(ctx: Pick<AppContext, 'uploadSecret'>, claim: BuyerClaim, email: string): string {
  const body = Buffer.from(`${claim.storeId}:${claim.conversationId}`).toString('base64url');
  return `${body}.${sign(ctx, claim, email)}`;
}

/** The claim a token makes, unverified: the caller checks it against the conversation's row with verifyBuyerToken. */
export function readBuyerToken(token: string): (BuyerClaim & { signature: string }) | null {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  const [storeId, conversationId] = Buffer.from(body, 'base64url').toString().split(':');
  if (!storeId || !conversationId) return null;
  return { storeId, conversationId, signature };
}

export function verifyBuyerToken(ctx: Pick<AppContext, 'uploadSecret'>, claim: BuyerClaim & { signature: string }, email: string): boolean {
  return safeEqual(claim.signature, sign(ctx, claim, email));
}
