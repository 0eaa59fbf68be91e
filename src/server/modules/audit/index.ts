import type { ServerModule } from '#server/server-module';
import { registerAuditRetentionJob, scheduleAuditRetention } from './apply-audit-retention.ts';
import { AUDIT_EXPORT } from './export-audit-records.ts';
import { registerAuditRoutes } from './routes.ts';

/** The change history: its routes, its CSV export, the retention job. (Each request's actor is installed by app.ts: `installRequestActors`.) */
export const auditModule: ServerModule = {
  register: registerAuditRoutes,
  jobs: registerAuditRetentionJob,
  atStart: (ctx) => scheduleAuditRetention(ctx),
  contributes: { exportSources: [AUDIT_EXPORT] },
};
export { installRequestActors } from './request-actor.ts';
