import type { RouteObject } from 'react-router';
import { requireAdmin } from '#web/session/require-admin.ts';

/** /app/metafields (admin): metafield definitions of products and collections. */
export const metafieldsRoutes: RouteObject[] = [
  { path: 'metafields', loader: requireAdmin, lazy: () => import('./metafields-page.tsx').then((m) => ({ Component: m.MetafieldsPage })) },
];
