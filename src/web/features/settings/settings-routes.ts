import { redirect, type RouteObject } from 'react-router';

/** Spec §2 names /app/settings/page: the settings home, one section per concern (#anchors). */
export const settingsRoutes: RouteObject[] = [
  { path: 'settings', loader: () => redirect('/settings/page') },
  { path: 'settings/page', lazy: () => import('./settings-page.tsx').then((m) => ({ Component: m.SettingsPage })) },
];
