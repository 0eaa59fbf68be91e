import type { RouteObject } from 'react-router';

/** /app/integrations: a vendor's own shop (PrestaShop) and the import of its catalog. */
export const integrationsRoutes: RouteObject[] = [
  { path: 'integrations', lazy: () => import('./integrations-page.tsx').then((m) => ({ Component: m.IntegrationsPage })) },
];
