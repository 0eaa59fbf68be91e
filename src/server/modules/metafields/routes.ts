import { OkSchema } from '#shared/schemas/common';
import {
  DeleteMetafieldSchema,
  ListMetafieldsQuerySchema,
  MetafieldAnswerSchema,
  MetafieldListSchema,
  SaveMetafieldSchema,
} from '#shared/schemas/metafields';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { deleteMetafield, listMetafields, saveMetafield } from './metafield-definitions.ts';

const tags = ['metafields'];

export function registerMetafieldRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/metafields',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: 'Metafield definitions of products or collections (vendors read them to fill products)',
        querystring: ListMetafieldsQuerySchema,
        response: { 200: MetafieldListSchema },
      },
    },
    async (request) => ({ metafields: await listMetafields(ctx.db, requireAuth(request).storeId, request.query.owner) }),
  );

  app.post(
    '/api/metafields',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Create or update a metafield definition',
        body: SaveMetafieldSchema,
        response: { 200: MetafieldAnswerSchema },
      },
    },
    async (request) => saveMetafield(ctx.db, requireAuth(request).storeId, request.body),
  );

  app.delete(
    '/api/metafields',
    {
      config: { policy: 'admin' },
      schema: { tags, summary: 'Delete a metafield definition', body: DeleteMetafieldSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await deleteMetafield(ctx.db, requireAuth(request).storeId, request.body.id);
      return { ok: true as const };
    },
  );
}
