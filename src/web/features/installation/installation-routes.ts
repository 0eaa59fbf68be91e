import type { RouteObject } from 'react-router';

/** /app/installation: the marketplace's plan and add-ons (admins). */
export const installationRoutes: RouteObject[] = [
  { path: 'installation', lazy: () => import('./installation-page.tsx').then((m) => ({ Component: m.InstallationPage })) },
];
