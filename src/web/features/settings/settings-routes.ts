import { redirect, type RouteObject } from 'react-router';

const settingsPage = () => import('./settings-page.tsx').then((m) => ({ Component: m.SettingsPage }));

/** /app/settings/page opens the first settings page (or the one of its #section); each page has its own address. */
export const settingsRoutes: RouteObject[] = [
  { path: 'settings', loader: () => redirect('/settings/page') },
  { path: 'settings/page', lazy: settingsPage },
  { path: 'settings/page/:pageId', lazy: settingsPage },
];
