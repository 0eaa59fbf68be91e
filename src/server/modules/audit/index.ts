/** The change history: its routes, the retention job's schedule and the hook that gives each request's writes their actor. */
export { registerAuditRoutes } from './routes.ts';
export { installRequestActors } from './request-actor.ts';
export { scheduleAuditRetention } from './apply-audit-retention.ts';
