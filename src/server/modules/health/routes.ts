import { z } from 'zod';
import type { AppContext } from '#server/context';
import type { App } from '#server/http/types';
import { checkReadiness } from './readiness.ts';

const tags = ['health'];
const CheckSchema = z.string().describe('"ok", or what is wrong');
const ReadySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: CheckSchema, migrations: CheckSchema, jobs: CheckSchema }),
});

/** Probes for load balancers and containers; public, and answered before any session lookup. */
export function registerHealthRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/health',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'Liveness: the process answers (the database is not touched)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary:
          'Readiness: the database answers, its migrations are applied and the job runner runs; 503 otherwise (and while shutting down)',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      const { ready, checks } = await checkReadiness(ctx);
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
}
