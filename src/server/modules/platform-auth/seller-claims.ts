import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { oauthStates, platformInstallations } from '#server/db/schema/index';
import { randomToken, sha256 } from '#server/lib/hashing';

/** Long enough to sign in (or reset a forgotten password), short enough that a leaked link goes stale. */
export const SELLER_CLAIM_TTL_MS = 15 * 60 * 1000;

/**
 * A claim is a bearer secret in the redirect to our app: only its hash is stored (a read of the
 * database gives no usable claim), with the shop it is bound to, next to the OAuth states.
 */
const storedAs = (claim: string) => `claim:${sha256(claim)}`;

/** A fresh single-use claim for a seller shop the platform approved with no vendor waiting for it. */
export async function createSellerClaim(ctx: AppContext, shop: string): Promise<string> {
  const claim = randomToken(32);
  await ctx.db
    .insert(oauthStates)
    .values({ state: storedAs(claim), shop, purpose: 'claim', expiresAt: new Date(ctx.now().getTime() + SELLER_CLAIM_TTL_MS) });
  return claim;
}

/** Unused, unexpired, and its shop still a seller installation (not since installed as a marketplace). */
const usable = (claim: string, now: Date) =>
  and(eq(oauthStates.state, storedAs(claim)), eq(oauthStates.purpose, 'claim'), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, now));

/** The shop a claim is for and until when, without using it up (the screen asks before connecting). */
export async function findSellerClaim(db: Db, claim: string, now: Date): Promise<{ shop: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ shop: oauthStates.shop, expiresAt: oauthStates.expiresAt })
    .from(oauthStates)
    .innerJoin(platformInstallations, and(eq(platformInstallations.shop, oauthStates.shop), eq(platformInstallations.kind, 'seller')))
    .where(usable(claim, now));
  return row;
}

/** Uses a claim up in one statement (two racing claims cannot both pass); its shop, or undefined. */
export async function consumeSellerClaim(tx: Db, claim: string, now: Date): Promise<string | undefined> {
  const found = await findSellerClaim(tx, claim, now);
  if (!found) return undefined;
  const [row] = await tx.update(oauthStates).set({ usedAt: now }).where(usable(claim, now)).returning({ shop: oauthStates.shop });
  return row?.shop;
}
