import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '#server/context';
import { unauthorized } from '#server/http/errors';
import { hooksOf, type Caller } from '#server/http/policy';
import { accessTokenOf, authenticate } from './authenticate.ts';

/** Tokens remembered at most; a full map forgets its oldest entry. */
const MAX_KNOWN = 10_000;
/** Marks the one re-run of a read whose caller changed underneath it (a fresh value per process, so a client cannot send it). */
const RERUN_HEADER = 'x-mp-rerun';

declare module 'fastify' {
  interface FastifyRequest {
    /** A read started on a predicted caller, and the caller the database gives (null: none). */
    predictedAuth?: { caller: Caller; confirmed: Promise<Caller | null> };
  }
}

const SCOPE: (keyof Caller['auth'])[] = ['userId', 'storeId', 'email', 'name', 'isAdmin', 'vendor', 'vendorId', 'sessionId'];
/** The same user, vendor view and sign-in, in a store whose feature flags have not changed (a flag switched off must hide the read). */
const sameCaller = (a: Caller, b: Caller) =>
  SCOPE.every((key) => a.auth[key] === b.auth[key]) && JSON.stringify(a.features) === JSON.stringify(b.features);

/**
 * The caller of a read (GET/HEAD) is predicted from the last time its token was resolved, so the
 * handler's queries start at once, while the usual database check (authenticate: the user, its
 * vendor and the sign-in's refresh-token family) runs alongside on another pooled connection. The
 * answer waits for that check: a revoked sign-in or a disabled user still gets 401, on every
 * process, as strictly as before (the check is the same row, read for the same request), and a
 * caller whose user or vendor changed meanwhile is answered by re-running the read on the caller
 * the database gave. What is saved is the wait for one round trip before the handler, the fixed
 * cost every signed-in call paid (bench:products-list, bench:orders-list). Only the lists that
 * declare `readAhead` are predicted; every other call, and every write, runs on a confirmed caller.
 */
export class PredictedSessions {
  private known = new Map<string, { caller: Caller; exp: number }>();
  private reruns = new Set<string>();

  constructor(private ctx: AppContext) {}

  /** The policy guard's authenticate: a read with a known token gets its predicted caller now, anything else waits for the database. */
  async authenticate(request: FastifyRequest): Promise<Caller | null> {
    const token = accessTokenOf(request);
    if (!token) return null;
    const known = this.known.get(token);
    const rerun = request.headers[RERUN_HEADER];
    // Only routes that declare themselves pure reads (a write, a side effect or a hijacked stream would escape the check).
    const isRead = (request.method === 'GET' || request.method === 'HEAD') && request.routeOptions.config.readAhead === true;
    if (known && isRead && !(typeof rerun === 'string' && this.reruns.delete(rerun)) && known.exp * 1000 > this.ctx.now().getTime()) {
      const confirmed = this.resolve(request, token);
      // Awaited by the onSend hook (a failed check still answers 500); an aborted call never gets there.
      confirmed.catch(() => {});
      request.predictedAuth = { caller: known.caller, confirmed };
      return known.caller;
    }
    return this.resolve(request, token);
  }

  /**
   * Installs the hook that holds every predicted answer until the database has confirmed its caller,
   * on the routes that declare `readAhead` (no other call is ever predicted, so theirs skip it).
   */
  install(app: FastifyInstance) {
    const hold = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const predicted = request.predictedAuth;
      if (!predicted) return payload;
      // Once: a check that failed (database gone) goes to the error handler, whose 500 passes here unheld.
      request.predictedAuth = undefined;
      const confirmed = await predicted.confirmed;
      if (confirmed && sameCaller(confirmed, predicted.caller)) return payload;
      discard(payload);
      if (!confirmed) return refuse(reply);
      return this.rerun(app, request, reply);
    };
    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.config?.readAhead) route.onSend = [hold, ...hooksOf(route.onSend)];
    });
  }

  private async resolve(request: FastifyRequest, token: string): Promise<Caller | null> {
    const caller = await authenticate(this.ctx, request);
    if (!caller) {
      this.known.delete(token);
      return null;
    }
    const exp = this.known.get(token)?.exp ?? expiryOf(token);
    this.known.delete(token);
    if (this.known.size >= MAX_KNOWN) this.known.delete(this.known.keys().next().value!);
    this.known.set(token, { caller, exp });
    return caller;
  }

  /** The read again, once, on the caller the database gave (its prediction is now that caller). */
  private async rerun(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    const nonce = randomBytes(16).toString('hex');
    this.reruns.add(nonce);
    const again = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, [RERUN_HEADER]: nonce },
    });
    this.reruns.delete(nonce);
    reply.code(again.statusCode);
    for (const [name, value] of Object.entries(again.headers))
      if (value !== undefined && name !== 'content-length') reply.header(name, value);
    return again.rawPayload;
  }
}

/** The token's own expiry (seconds): authenticate has just verified its signature. */
function expiryOf(token: string): number {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : 0;
  } catch {
    return 0;
  }
}

/** A stream the refused answer will never send is closed (a download's file handle). */
function discard(payload: unknown) {
  const stream = payload as { destroy?: () => void } | null;
  if (stream && typeof stream === 'object' && typeof stream.destroy === 'function') stream.destroy();
}

function refuse(reply: FastifyReply) {
  const error = unauthorized();
  reply.code(error.statusCode);
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.removeHeader('content-length');
  return JSON.stringify({ message: error.message });
}
