import { DashboardAnswerSchema, DashboardQuerySchema } from '#shared/schemas/dashboard';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { getDashboard } from './get-dashboard.ts';

export function registerDashboardRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/dashboard',
    {
      config: { policy: 'user', feature: 'dashboard' },
      schema: {
        tags: ['dashboard'],
        summary:
          "Sales, commission, payouts, refunds and orders per day over a range of days in the store's time zone (the last 30 by default), top vendors and products, and the period before; a vendor its own",
        querystring: DashboardQuerySchema,
        response: { 200: DashboardAnswerSchema },
      },
    },
    async (request) => getDashboard(ctx, requireAuth(request), request.query),
  );
}
