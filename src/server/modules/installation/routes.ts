import { InstallationAnswerSchema, InstallationBodySchema, InstallationChangeAnswerSchema } from '#shared/schemas/installation';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { changePlan } from './change-plan.ts';
import { getInstallation } from './get-installation.ts';

const tags = ['installation'];

/** Installation: the marketplace's plan and add-ons with us, and its usage against them. */
export function registerInstallationRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/admin/installation',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: "The store's plan, add-ons, usage against the plan's limits, and trial days left",
        response: { 200: InstallationAnswerSchema },
      },
    },
    async (request) => getInstallation(ctx, requireAuth(request).storeId),
  );
  app.put(
    '/api/admin/installation',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Choose a plan and add-ons; answers the URL where the charge is confirmed (the built-in platform confirms at once)',
        body: InstallationBodySchema,
        response: { 200: InstallationChangeAnswerSchema },
      },
    },
    async (request) => changePlan(ctx, requireAuth(request), request.body),
  );
}
