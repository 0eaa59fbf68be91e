import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { MARKETPLACE_VIEW } from '#shared/permissions';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { refreshTokens, users, vendors } from '#server/db/schema/index';
import { randomToken, sha256 } from '#server/lib/hashing';
import { REFRESH_TOKEN_DAYS } from './tokens.ts';

/** Two tabs refreshing at once present the same token; within this window that is not theft. */
const REUSE_GRACE_MS = 10_000;

export interface IssuedSession {
  access: { token: string; exp: number };
  /** A new refresh token, when one was minted (not on a grace-period replay). */
  refresh?: string;
}

/** A user as a session needs it: with its vendor's name, which the access token carries. */
export type SessionUser = typeof users.$inferSelect & { vendorName: string | null };

/** Users joined with their vendor's name (in the same store): one read for all a session needs. */
export function selectSessionUsers(db: Db) {
  return db
    .select({ user: users, vendorName: vendors.name })
    .from(users)
    .leftJoin(vendors, and(eq(vendors.storeId, users.storeId), eq(vendors.id, users.vendorId)));
}

async function accessTokenFor(ctx: AppContext, user: SessionUser, familyId: string, vendorView: string | null) {
  const { vendorName } = user;
  const vendor = user.isAdmin ? (vendorView ?? MARKETPLACE_VIEW) : (vendorName ?? '');
  return ctx.tokens.issue({
    sub: user.id,
    sid: familyId,
    email: user.email,
    // The spec: name falls back to the vendor.
    name: user.name || vendorName || (user.isAdmin ? user.email : vendor),
    store: user.storeId,
    vendor,
    admin: user.isAdmin,
  });
}

async function mintRefresh(ctx: AppContext, user: Pick<SessionUser, 'id' | 'storeId'>, familyId: string, vendorView: string | null) {
  const token = randomToken(32);
  await ctx.db.insert(refreshTokens).values({
    storeId: user.storeId,
    userId: user.id,
    familyId,
    tokenHash: sha256(token),
    vendorView,
    expiresAt: new Date(ctx.now().getTime() + REFRESH_TOKEN_DAYS * 24 * 3600_000),
  });
  return token;
}

/** A new sign-in: a new refresh-token family and its first access token. */
export async function startSession(ctx: AppContext, user: SessionUser): Promise<IssuedSession> {
  const familyId = randomUUID();
  const refresh = await mintRefresh(ctx, user, familyId, null);
  return { access: await accessTokenFor(ctx, user, familyId, null), refresh };
}

/**
 * Rotates a refresh token: the presented one is spent and a new one of the same family is minted.
 * A spent token presented again (after the grace window) means it was stolen: the whole family is
 * revoked. Null means "sign in again".
 */
export async function rotateSession(ctx: AppContext, presented: string): Promise<IssuedSession | null> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, row: users, vendorName: vendors.name })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .leftJoin(vendors, and(eq(vendors.storeId, users.storeId), eq(vendors.id, users.vendorId)))
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      // Only the token is locked: a row of an outer join's nullable side cannot be.
      .for('update', { of: refreshTokens });
    if (!row) return null;
    const { token } = row;
    const user = { ...row.row, vendorName: row.vendorName };
    if (token.revokedAt || token.expiresAt < now || user.disabledAt) return null;
    if (token.usedAt) {
      if (now.getTime() - token.usedAt.getTime() <= REUSE_GRACE_MS) {
        return { access: await accessTokenFor({ ...ctx, db: tx }, user, token.familyId, token.vendorView) };
      }
      await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.familyId, token.familyId));
      return null;
    }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, token.id));
    const txCtx = { ...ctx, db: tx };
    const refresh = await mintRefresh(txCtx, user, token.familyId, token.vendorView);
    return { access: await accessTokenFor(txCtx, user, token.familyId, token.vendorView), refresh };
  });
}

/** Ends the sign-in the refresh token belongs to. */
export async function revokeSessionByToken(ctx: AppContext, presented: string) {
  const [row] = await ctx.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (row) await revokeFamily(ctx, row.familyId);
}

export async function revokeFamily(ctx: AppContext, familyId: string) {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every sign-in of a user (password changed, account disabled). */
export async function revokeAllSessions(ctx: AppContext, userId: string) {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** An admin's switch to one vendor's view (or back to "*"), kept by later refreshes of this sign-in. */
export async function switchVendorView(ctx: AppContext, userId: string, familyId: string, vendorView: string) {
  const view = vendorView === MARKETPLACE_VIEW ? null : vendorView;
  await ctx.db
    .update(refreshTokens)
    .set({ vendorView: view })
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId)));
  const [{ user, vendorName }] = await selectSessionUsers(ctx.db).where(eq(users.id, userId));
  return accessTokenFor(ctx, { ...user, vendorName }, familyId, view);
}
