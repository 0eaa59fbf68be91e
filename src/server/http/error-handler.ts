import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG } from '#shared/messages';
import { StorefrontSyncError } from '#server/adapters/storefront/types';
import { AppError, type FieldError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer errors as a plain human text (the sign-in form shows the body as is). */
    plainTextErrors?: boolean;
  }
}

/**
 * One mapping from failures to answers: `{message, errors}` with the right status. Unexpected
 * errors are logged and answered with a generic 500, never with a stack trace or SQL.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status = 500;
    let message = 'Something went wrong, please try again';
    let errors: FieldError[] | undefined;
    if (error instanceof AppError) {
      status = error.statusCode;
      message = error.message;
      errors = error.errors;
    } else if (error instanceof StorefrontSyncError) {
      // The storefront platform answered with an error: a bad gateway, told in the platform's words
      // (the admin can act on "refused the shop's access token"), not an error of ours.
      status = 502;
      message = error.message;
      request.log.warn({ err: error }, 'storefront platform error');
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      message = status === 413 ? MSG.imageTooLarge : status === 429 ? MSG.tooManyAttempts : error.message;
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    if (status === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
    reply.status(status);
    if (request.routeOptions.config?.plainTextErrors) {
      return reply.type('text/plain; charset=utf-8').send(message);
    }
    return reply.send(errors ? { message, errors } : { message });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: MSG.notFound });
  });
}
