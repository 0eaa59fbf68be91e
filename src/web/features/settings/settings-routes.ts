import { redirect, type RouteObject } from 'react-router';

/** /app/settings/page is the settings home, one section per concern (#anchors). */
export const settingsRoutes: RouteObject[] = [
  { path: 'settings', loader: () => redirect('/settings/page') },
  { path: 'settings/page', lazy: () => import('./settings-page.tsx').then((m) => ({ Component: m.SettingsPage })) },
];
