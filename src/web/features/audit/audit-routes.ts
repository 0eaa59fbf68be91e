import type { RouteObject } from 'react-router';

/** /app/audit: the change history (?who=, ?area=, ?from=, ?to=, ?q=, ?export= as the export-ready mail links). */
export const auditRoutes: RouteObject[] = [
  { path: 'audit', lazy: () => import('./audit-page.tsx').then((m) => ({ Component: m.AuditPage })) },
];
