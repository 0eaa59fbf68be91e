import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { oauthStates } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { randomToken } from '#server/lib/hashing';

/** Long enough to approve the scopes, short enough that a leaked authorize URL goes stale. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export type OAuthPurpose = 'install' | 'seller';
const OAUTH_PURPOSES: OAuthPurpose[] = ['install', 'seller'];

/** Creates the single-use nonce the confirm call must bring back, bound to one shop. */
export async function createOAuthState(ctx: AppContext, shop: string, purpose: OAuthPurpose): Promise<string> {
  const now = ctx.now();
  const state = randomToken(24);
  // Expired nonces are useless; clearing them here keeps the table at the size of installs in flight.
  await ctx.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await ctx.db.insert(oauthStates).values({ state, shop, purpose, expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS) });
  return state;
}

/**
 * Uses up a nonce in one statement, so two racing confirms cannot both pass: it must exist, be
 * unused, unexpired and belong to the shop (and be an authorization's, not a seller claim's).
 * Returns what it was created for.
 */
export async function consumeOAuthState(ctx: AppContext, state: string, shop: string): Promise<OAuthPurpose> {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.state, state),
        eq(oauthStates.shop, shop),
        inArray(oauthStates.purpose, OAUTH_PURPOSES),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning({ purpose: oauthStates.purpose });
  if (!row || row.purpose === 'claim')
    throw new AppError('unauthorized', 'This install link is invalid or has expired, please start again');
  return row.purpose;
}
