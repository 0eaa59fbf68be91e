/** Permissions, derived from the session claims in one place for server and client. */
export const BASE_PERMISSIONS = [
  'read_settings',
  'read_orders',
  'write_orders',
  'read_products',
  'write_products',
  'read_integrations',
  'write_integrations',
  'read_finance',
] as const;

export type Permission = (typeof BASE_PERMISSIONS)[number] | 'switch_vendor';

/** The vendor claim that means "all vendors of the marketplace". */
export const MARKETPLACE_VIEW = '*';

export interface SessionClaims {
  email: string;
  name?: string;
  store: string;
  vendor: string;
  admin: boolean;
  exp: number;
}

export function permissionsFor(claims: Pick<SessionClaims, 'admin'> | null): Permission[] {
  if (!claims) return [];
  return claims.admin ? [...BASE_PERMISSIONS, 'switch_vendor'] : [...BASE_PERMISSIONS];
}

export function isMarketplaceView(claims: Pick<SessionClaims, 'vendor'>): boolean {
  return claims.vendor === MARKETPLACE_VIEW;
}

export const AUTH_SCOPES = ['marketplace', 'seller'] as const;
export type AuthScope = (typeof AUTH_SCOPES)[number];
export const DEFAULT_AUTH_SCOPE: AuthScope = 'marketplace';
