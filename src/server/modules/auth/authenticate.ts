import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MARKETPLACE_VIEW } from '#shared/permissions';
import type { AppContext } from '../../context.ts';
import { users, vendors } from '../../db/schema/index.ts';
import type { AuthContext } from '../../http/policy.ts';
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
 * Resolves the caller from its token and the database. Only the user id and the chosen vendor view
 * come from the token; the store, the admin flag and a vendor's own vendor come from the database,
 * so a forged or stale claim cannot widen access.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthContext | null> {
  const token = accessTokenOf(request);
  if (!token) return null;
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const [row] = await ctx.db
    .select({ user: users, vendorName: vendors.name })
    .from(users)
    .leftJoin(vendors, eq(vendors.id, users.vendorId))
    .where(and(eq(users.id, claims.sub), eq(users.storeId, claims.store), isNull(users.disabledAt)));
  if (!row) return null;
  const { user } = row;
  let vendor = row.vendorName ?? MARKETPLACE_VIEW;
  let vendorId = user.vendorId;
  if (user.isAdmin) {
    vendor = MARKETPLACE_VIEW;
    vendorId = null;
    if (claims.vendor && claims.vendor !== MARKETPLACE_VIEW) {
      const [viewed] = await ctx.db
        .select({ id: vendors.id, name: vendors.name })
        .from(vendors)
        .where(and(eq(vendors.storeId, user.storeId), eq(vendors.name, claims.vendor)));
      if (viewed) {
        vendor = viewed.name;
        vendorId = viewed.id;
      }
    }
  } else if (!vendorId) {
    // A non-admin without a vendor has nothing to see; refuse rather than fall back to "all".
    return null;
  }
  return {
    userId: user.id,
    storeId: user.storeId,
    email: user.email,
    name: user.name,
    isAdmin: user.isAdmin,
    vendor,
    vendorId,
    sessionId: claims.sid,
  };
}
