import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { MARKETPLACE_VIEW } from '#shared/permissions';
import type { AppContext } from '#server/context';
import { preparedPerDb } from '#server/db/prepared';
import { resolveFeatures } from '#shared/schemas/settings';
import { refreshTokens, stores, users, vendors } from '#server/db/schema/index';
import type { Caller } from '#server/http/policy';
import { COOKIE, frameMode } from './session-cookies.ts';

/** The access token of a request: a Bearer header, or the session cookie with the X-Iframe header. */
export function accessTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const mode = frameMode(request);
  if (!mode) return null;
  return request.cookies[COOKIE.access[mode]] ?? null;
}

/**
 * Resolves the caller from its token and the database, in one query: the user, the user's own
 * vendor, the vendor an admin switched to, and the sign-in (refresh-token family) the token belongs
 * to. Only the user id, the sign-in and the chosen vendor view come from the token; the store, the
 * admin flag and a vendor's own vendor come from the database, so a forged or stale claim cannot
 * widen access. A sign-in ended by logout, a password reset or a replayed refresh token (its family
 * revoked) refuses its still-unexpired access tokens at once, on every process: the check is the
 * database row, over refresh_tokens_family_idx, with no cache to invalidate. The store's feature
 * flags come along in the same query (the policy guard hides switched-off areas), so a flag an
 * admin changes holds on every process from the next request.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Caller | null> {
  const token = accessTokenOf(request);
  if (!token) return null;
  const claims = await ctx.tokens.verify(token);
  if (!claims?.sid || !UUID.test(claims.sid)) return null;
  const wantsView = claims.vendor && claims.vendor !== MARKETPLACE_VIEW ? claims.vendor : null;
  const [row] = await callerQuery(ctx.db).execute({ sub: claims.sub, store: claims.store, sid: claims.sid, view: wantsView });
  if (!row) return null;
  const { user } = row;
  let vendor = row.vendorName ?? MARKETPLACE_VIEW;
  let vendorId = user.vendorId;
  if (user.isAdmin) {
    vendor = row.viewedName ?? MARKETPLACE_VIEW;
    vendorId = row.viewedId;
  } else if (!vendorId) {
    // A non-admin without a vendor has nothing to see; refuse rather than fall back to "all".
    return null;
  }
  return {
    auth: {
      userId: user.id,
      storeId: user.storeId,
      email: user.email,
      name: user.name,
      isAdmin: user.isAdmin,
      vendor,
      vendorId,
      sessionId: claims.sid,
    },
    features: resolveFeatures(row.features),
  };
}

/**
 * The caller's query, built once per database and sent as a named prepared statement: every
 * signed-in request runs it, and building it with the query builder and having PostgreSQL parse
 * and plan it each time was a good part of a list call's fixed cost (bench:http). A null `view`
 * joins no vendor (name = null is never true).
 */
/** The user's columns a caller needs (not the password hash, read and mapped on every request before). */
const CALLER_COLUMNS = {
  id: users.id,
  storeId: users.storeId,
  email: users.email,
  name: users.name,
  isAdmin: users.isAdmin,
  vendorId: users.vendorId,
};

const callerQuery = preparedPerDb((db) => {
  const viewed = alias(vendors, 'viewed');
  return db
    .select({
      user: CALLER_COLUMNS,
      vendorName: vendors.name,
      viewedId: viewed.id,
      viewedName: viewed.name,
      features: sql<unknown>`${stores.settings}->'features'`,
    })
    .from(users)
    .innerJoin(stores, eq(stores.id, users.storeId))
    .leftJoin(vendors, eq(vendors.id, users.vendorId))
    .leftJoin(viewed, and(users.isAdmin, eq(viewed.storeId, users.storeId), eq(viewed.name, sql.placeholder('view'))))
    .where(
      and(
        eq(users.id, sql.placeholder('sub')),
        eq(users.storeId, sql.placeholder('store')),
        isNull(users.disabledAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(eq(refreshTokens.familyId, sql.placeholder('sid')), eq(refreshTokens.userId, users.id), isNull(refreshTokens.revokedAt)),
            ),
        ),
      ),
    )
    .prepare('authenticate_caller');
});

/** A family id is a uuid; anything else would only make the database refuse the cast. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
