import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { MSG } from '#shared/messages';
import type { FeatureFlag, Features } from '#shared/schemas/settings';
import { AppError, forbidden, notFound, unauthorized } from './errors.ts';

/**
 * Who may call a route. Every route declares one; the guard below is the only place
 * that authenticates and scopes a caller, so handlers never check roles or stores themselves.
 * 'public-or-user': anyone may call, and a signed-in caller is resolved (request.auth) when present,
 * for calls such as uploads that the public registration form also makes.
 */
export type Policy = 'public' | 'user' | 'admin' | 'public-or-user';

/** The signed-in caller, resolved from the database on every call (a disabled user is out at once). */
export interface AuthContext {
  userId: string;
  storeId: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  /** The vendor claim: a vendor name, or "*" for an admin's marketplace view. */
  vendor: string;
  /**
   * The vendor every vendor-owned read and write is limited to: the user's own vendor for a vendor,
   * the switched-to vendor for an admin in a vendor view, null for the marketplace view (all vendors).
   */
  vendorId: string | null;
  /** The refresh-token family of this sign-in (absent for API bearer tokens). */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
    /**
     * The store feature flag this route belongs to: while the store has it
     * switched off, the route answers as if it did not exist.
     */
    feature?: FeatureFlag;
    /**
     * A pure read (no write, no hijacked reply): it may start on the caller predicted from the
     * token while the session check runs alongside (modules/auth/predicted-sessions.ts). Opt-in, so
     * a read with a side effect or a stream never runs before its caller is confirmed.
     */
    readAhead?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** A signed-in caller and the feature flags of its store, read in the same query. */
export interface Caller {
  auth: AuthContext;
  features: Features;
}

export type Authenticate = (request: FastifyRequest) => Promise<Caller | null>;
/** The feature flags of the store an anonymous call names (its `?store=` or host); throws 404 for an unknown store. */
export type PublicFeatures = (request: FastifyRequest) => Promise<Features>;

export interface RouteRecord {
  method: string;
  url: string;
  policy: Policy | undefined;
  feature?: FeatureFlag;
  /** The route's schemas (body, querystring, response), held against the web app's endpoints by the contract test. */
  schema: RouteOptions['schema'];
}

/**
 * Installs the policy guard: refuses to register a route without a policy, and authenticates and
 * authorises every request before its body is even read (a signed-out call gets 401, not a validation error). Returns the table of registered routes.
 * The check is a hook of each route that has something to check: a public route outside any
 * feature gets none, so its calls skip a hook that would only have returned (bench:http).
 */
export function installPolicyGuard(app: FastifyInstance, authenticate: Authenticate, publicFeatures?: PublicFeatures): RouteRecord[] {
  const table: RouteRecord[] = [];
  app.decorateRequest('auth', null);
  // A switched-off feature answers exactly as an unknown path does, so its routes reveal nothing.
  const hidden = () => notFound(MSG.notFound);
  const guard = async (request: FastifyRequest) => {
    const { policy, feature } = request.routeOptions.config;
    if (policy === 'public') {
      if (feature && publicFeatures && !(await publicFeatures(request))[feature].enabled) throw hidden();
      return;
    }
    const caller = await authenticate(request);
    if (policy === 'public-or-user') {
      request.auth = caller?.auth ?? null;
      if (feature && publicFeatures) {
        const features = caller?.features ?? (await publicFeatures(request));
        if (!features[feature].enabled) throw hidden();
      }
      return;
    }
    if (!caller) throw unauthorized();
    if (policy === 'admin' && !caller.auth.isAdmin) throw forbidden();
    // After the role check: a vendor probing an admin route of a switched-off feature still gets 403.
    if (feature && !caller.features[feature].enabled) throw hidden();
    request.auth = caller.auth;
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const { policy, feature } = (route.config as { policy?: Policy; feature?: FeatureFlag } | undefined) ?? {};
    for (const method of methods) {
      // Fastify adds a HEAD route for every GET, built from the GET's options (same policy).
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, policy, schema: route.schema, ...(feature ? { feature } : {}) });
    }
    if (!policy) throw new Error(`Route ${methods.join(',')} ${route.url} declares no policy`);
    if (feature && policy !== 'user' && policy !== 'admin' && !publicFeatures) {
      throw new Error(`Route ${methods.join(',')} ${route.url} belongs to a feature but the guard cannot read a public store's features`);
    }
    // First among the route's own hooks (a rate limit counts only callers the guard let through), as a global hook ran.
    if (policy !== 'public' || feature) route.onRequest = [guard, ...hooksOf(route.onRequest)];
  });
  return table;
}

/** A route option's hooks as a list (Fastify takes one function or several). */
export function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

/** The caller of a signed-in route; the guard has already refused anonymous calls. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthorized', 'Sign in required');
  return request.auth;
}
