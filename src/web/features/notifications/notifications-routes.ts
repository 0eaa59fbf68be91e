import type { RouteObject } from 'react-router';
import { requireAdmin } from '#web/session/require-admin.ts';

/** /app/notifications (admin): templates, one template's editor, settings and integration, the outbox. */
export const notificationsRoutes: RouteObject[] = [
  {
    path: 'notifications',
    loader: requireAdmin,
    lazy: () => import('./notifications-layout.tsx').then((m) => ({ Component: m.NotificationsLayout })),
    children: [
      { index: true, lazy: () => import('./template-list-page.tsx').then((m) => ({ Component: m.TemplateListPage })) },
      { path: 'templates/:template', lazy: () => import('./template-editor-page.tsx').then((m) => ({ Component: m.TemplateEditorPage })) },
      { path: 'settings', lazy: () => import('./notification-settings-page.tsx').then((m) => ({ Component: m.NotificationSettingsPage })) },
      { path: 'outbox', lazy: () => import('./outbox-page.tsx').then((m) => ({ Component: m.OutboxPage })) },
    ],
  },
];
