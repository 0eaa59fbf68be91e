import { isMarketplaceView, permissionsFor, type Permission, type SessionClaims } from '#shared/permissions';

/** The signed-in user, built from the session token's claims. */
export interface SessionUser {
  email: string;
  /** Falls back to the vendor when the token has no name. */
  name: string;
  store: string;
  vendor: string;
  admin: boolean;
  permissions: Permission[];
  isEmbedded: boolean;
  /** The vendor claim is "*": an admin looking at all vendors. */
  marketplaceView: boolean;
  /** Token expiry, in seconds. */
  exp: number;
}

export function userFromClaims(claims: SessionClaims, isEmbedded: boolean): SessionUser {
  return {
    email: claims.email,
    name: claims.name || claims.vendor,
    store: claims.store,
    vendor: claims.vendor,
    admin: claims.admin,
    permissions: permissionsFor(claims),
    isEmbedded,
    marketplaceView: isMarketplaceView(claims),
    exp: claims.exp,
  };
}

export function hasPermission(user: SessionUser | null, permission: Permission): boolean {
  return !!user && user.permissions.includes(permission);
}

/** How the user looks at the marketplace: an admin over all vendors, an admin as one vendor, or a vendor. */
export type SessionRole = 'admin' | 'admin-as-vendor' | 'vendor';

export function sessionRole(user: Pick<SessionUser, 'admin' | 'marketplaceView'>): SessionRole {
  if (!user.admin) return 'vendor';
  return user.marketplaceView ? 'admin' : 'admin-as-vendor';
}
