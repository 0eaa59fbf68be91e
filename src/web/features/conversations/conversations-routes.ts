import type { RouteObject } from 'react-router';

/** /app/conversations: the inbox and the open chat (?conversationId=, as the vendor-new-message mail links). */
export const conversationsRoutes: RouteObject[] = [
  { path: 'conversations', lazy: () => import('./inbox-page.tsx').then((m) => ({ Component: m.InboxPage })) },
];
