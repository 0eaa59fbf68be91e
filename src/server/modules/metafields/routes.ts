import { and, asc, eq, sql } from 'drizzle-orm';
import { OkSchema } from '#shared/schemas/common';
import { DeleteMetafieldSchema, definitionOf, ListMetafieldsQuerySchema, MetafieldAnswerSchema, MetafieldDefinitionSchema, MetafieldListSchema, SaveMetafieldSchema, type MetafieldDefinition } from '#shared/schemas/metafields';
import type { AppContext } from '#server/context';
import { metafieldDefinitions } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import { requireAuth } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import type { App } from '#server/http/types';

const tags = ['metafields'];
/**
 * A stored definition as answered, its defaults filled in: rows written before a field existed (or
 * by hand) lack it, and the answer's check does not fill defaults on the way out.
 */
function toAnswer(row: typeof metafieldDefinitions.$inferSelect) {
  const answer = { ...(row.definition as MetafieldDefinition), id: row.id, owner: row.owner, position: row.position };
  const filled = MetafieldAnswerSchema.safeParse(answer);
  return filled.success ? filled.data : answer;
}

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
    async (request) => {
      const rows = await ctx.db
        .select()
        .from(metafieldDefinitions)
        .where(and(eq(metafieldDefinitions.storeId, requireAuth(request).storeId), eq(metafieldDefinitions.owner, request.query.owner)))
        .orderBy(asc(metafieldDefinitions.position), asc(metafieldDefinitions.createdAt));
      return { metafields: rows.map(toAnswer) };
    },
  );

  app.post(
    '/api/metafields',
    {
      config: { policy: 'admin' },
      schema: { tags, summary: 'Create or update a metafield definition', body: SaveMetafieldSchema, response: { 200: MetafieldAnswerSchema } },
    },
    async (request) => {
      const { storeId } = requireAuth(request);
      const definition = parseOrThrow(MetafieldDefinitionSchema, definitionOf(request.body));
      const { owner, id } = request.body;
      return ctx.db.transaction(async (tx) => {
        const [clash] = await tx
          .select({ id: metafieldDefinitions.id })
          .from(metafieldDefinitions)
          .where(and(eq(metafieldDefinitions.storeId, storeId), eq(metafieldDefinitions.owner, owner), eq(metafieldDefinitions.key, definition.key)));
        if (clash && clash.id !== id) throw new AppError('conflict', 'A metafield with this key already exists', [{ path: 'key', message: 'A metafield with this key already exists' }]);
        if (id) {
          const [updated] = await tx
            .update(metafieldDefinitions)
            .set({ key: definition.key, definition, updatedAt: sql`now()` })
            .where(and(eq(metafieldDefinitions.id, id), eq(metafieldDefinitions.storeId, storeId), eq(metafieldDefinitions.owner, owner)))
            .returning();
          if (!updated) throw notFound('Metafield not found');
          return toAnswer(updated);
        }
        const [{ next }] = await tx
          .select({ next: sql<number>`coalesce(max(${metafieldDefinitions.position}) + 1, 0)::int` })
          .from(metafieldDefinitions)
          .where(and(eq(metafieldDefinitions.storeId, storeId), eq(metafieldDefinitions.owner, owner)));
        const [created] = await tx.insert(metafieldDefinitions).values({ storeId, owner, key: definition.key, definition, position: next }).returning();
        return toAnswer(created);
      });
    },
  );

  app.delete(
    '/api/metafields',
    {
      config: { policy: 'admin' },
      schema: { tags, summary: 'Delete a metafield definition', body: DeleteMetafieldSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      const deleted = await ctx.db
        .delete(metafieldDefinitions)
        .where(and(eq(metafieldDefinitions.id, request.body.id), eq(metafieldDefinitions.storeId, requireAuth(request).storeId)))
        .returning({ id: metafieldDefinitions.id });
      if (deleted.length === 0) throw notFound('Metafield not found');
      return { ok: true as const };
    },
  );
}
