import type { RouteObject } from 'react-router';
import { requireAdmin } from '#web/session/require-admin.ts';

/** /app/commissions (admin): the marketplace lines, or one vendor's with ?vendor=. */
export const commissionsRoutes: RouteObject[] = [
  {
    path: 'commissions',
    loader: requireAdmin,
    lazy: () => import('./commissions-page.tsx').then((m) => ({ Component: m.CommissionsPage })),
  },
];
