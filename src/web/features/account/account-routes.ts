import type { RouteObject } from 'react-router';

/** /app/account: the signed-in user's own account. */
export const accountRoutes: RouteObject[] = [
  { path: 'account', lazy: () => import('./account-page.tsx').then((m) => ({ Component: m.AccountPage })) },
];

/** The link mailed to a new sign-in address opens among the public pages: it may open in a browser that is not signed in. */
export const confirmEmailRoute: RouteObject = {
  path: 'confirm-email',
  lazy: () => import('./confirm-email-page.tsx').then((m) => ({ Component: m.ConfirmEmailPage })),
};
