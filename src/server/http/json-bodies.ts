import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from './errors.ts';
import { hooksOf } from './policy.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec's form posts (sign-in, password reset) also take an HTML form's url-encoded body. */
    acceptsFormBody?: boolean;
  }
}

export const JSON_ONLY_MESSAGE = 'Unsupported media type: send the body as JSON (Content-Type: application/json)';

/**
 * A call whose body has a schema takes JSON, and url-encoded forms only where the route says so:
 * a form post (or text/plain) to a JSON call is 415, instead of a form's flat strings being read
 * as if they were the fields a JSON client meant. Bodies without a schema (file bytes, webhooks)
 * have their own parsers and rules.
 */
export function installJsonBodyRule(app: FastifyInstance) {
  const rule = async (request: FastifyRequest) => {
    if (request.body === undefined) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type === 'application/json') return;
    if (type === 'application/x-www-form-urlencoded' && request.routeOptions.config.acceptsFormBody) return;
    throw new AppError('unsupported_media', JSON_ONLY_MESSAGE);
  };
  // A hook of the routes that have a body schema only: the others' calls skip it (bench:http).
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema?.body) route.preValidation = [rule, ...hooksOf(route.preValidation)];
  });
}
