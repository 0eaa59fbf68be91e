import type { FastifyRequest } from 'fastify';
import { ErrorBodySchema } from '#shared/schemas/common';
import { RemoveBackgroundSchema, RemovedBackgroundSchema } from '#shared/schemas/images';
import type { AppContext } from '#server/context';
import { badRequest } from '#server/http/errors';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { BackgroundRemovalError, createBackgroundRemover, type BackgroundRemover } from '#server/adapters/background-removal/index';
import { removeImageBackground } from './remove-image-background.ts';

/** Each removal decodes a whole photo (or costs a provider credit): a few a minute per user is plenty for an editor. */
export const REMOVE_BG_RATE_LIMIT = {
  max: 20,
  timeWindow: '1 minute',
  // The policy guard has resolved the caller before the limiter runs, so the budget is per user, not per address.
  keyGenerator: (request: FastifyRequest) => `remove-bg:${request.auth?.userId ?? request.ip}`,
};

export interface ImageRoutesOptions {
  /** Tests inject one; by default BACKGROUND_REMOVAL picks it. */
  remover?: BackgroundRemover;
}

export function registerImageRoutes(app: App, ctx: AppContext, options: ImageRoutesOptions = {}) {
  const remover = options.remover ?? createBackgroundRemover(ctx.config);

  app.post(
    '/api/images/remove-bg/v2',
    {
      config: { policy: 'user', rateLimit: REMOVE_BG_RATE_LIMIT },
      schema: {
        tags: ['images'],
        summary: "Remove the background of one of the caller's uploaded images; answers the URL of the new transparent PNG",
        body: RemoveBackgroundSchema,
        response: { 200: RemovedBackgroundSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, 502: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        return await removeImageBackground(ctx, requireAuth(request), remover, request.body.originImgUrl);
      } catch (error) {
        if (error instanceof BackgroundRemovalError) {
          if (error.isBadImage) throw badRequest(error.message);
          // The provider failed, not the request: a gateway error that says why.
          return reply.status(502).send({ message: error.message });
        }
        throw error;
      }
    },
  );
}
