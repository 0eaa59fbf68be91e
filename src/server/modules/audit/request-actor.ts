import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runAsActor, type AuditActor } from '#server/db/audit-actor';

/**
 * Who a request writes as: its signed-in caller (an API client when it sends a Bearer token), or,
 * signed out, a webhook (the platform's or a provider's) or the public (a buyer, a registration).
 * Read at each write, since the caller is only known once the policy guard has run.
 */
export function requestActor(request: FastifyRequest): AuditActor {
  const source = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  const base = { requestId: request.id, source };
  const auth = request.auth;
  if (!auth) return { ...base, kind: source.includes('webhook') ? 'webhook' : 'public' };
  const kind = request.headers.authorization?.startsWith('Bearer ') ? 'api' : auth.isAdmin ? 'admin' : 'vendor';
  return { ...base, kind, userId: auth.userId, name: auth.name ?? auth.email, vendorId: auth.vendorId };
}

/**
 * Every request runs in its actor's context, so each write it makes (in any module, in or out of
 * a transaction) is recorded as the caller's without the module doing anything.
 */
export function installRequestActors(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => runAsActor(() => requestActor(request), done));
}
