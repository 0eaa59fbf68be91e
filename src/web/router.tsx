import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router';
import { ErrorPage } from './components/error-page.tsx';
import { FullPageSpinner } from './components/full-page-spinner.tsx';
import { LoginLayout } from './features/login/login-layout.tsx';
import { redirectSignedIn } from './features/login/redirect-signed-in.ts';
import { SignInPage } from './features/login/sign-in-page.tsx';
import { commissionsRoutes } from './features/commissions/commissions-routes.ts';
import { deliveryRoutes } from './features/delivery/delivery-routes.ts';
import { discountsRoutes } from './features/discounts/discounts-routes.ts';
import { paymentsRoutes } from './features/integrations/payments-routes.ts';
import { integrationsRoutes } from './features/integrations/integrations-routes.ts';
import { metafieldsRoutes } from './features/metafields/metafields-routes.ts';
import { notificationsRoutes } from './features/notifications/notifications-routes.ts';
import { financeRoutes } from './features/finance/finance-routes.ts';
import { ordersRoutes } from './features/orders/orders-routes.ts';
import { productEditorRoutes } from './features/products/editor/product-editor-routes.ts';
import { productListRoutes } from './features/products/list/product-list-routes.ts';
import { settingsRoutes } from './features/settings/settings-routes.ts';
import { accountRoutes, confirmEmailRoute } from './features/account/account-routes.ts';
import { vendorsRoutes } from './features/vendors/vendors-routes.ts';
import { vendorPageRoutes } from './features/vendor-page/vendor-page-routes.ts';
import { conversationsRoutes } from './features/conversations/conversations-routes.ts';
import { installationRoutes } from './features/installation/installation-routes.ts';
import { membershipRoutes } from './features/membership/membership-routes.ts';
import { offersRoutes } from './features/offers/offers-routes.ts';
import { auditRoutes } from './features/audit/audit-routes.ts';
import { signInPathFor } from './session/return-path.ts';
import { getUser } from './session/session-store.ts';

/** A redirect that keeps the query, so a `?store=` survives the hop. Paths are inside /app. */
const redirectTo =
  (path: string) =>
  ({ request }: LoaderFunctionArgs) =>
    redirect(path + new URL(request.url).search);

/** The main app is for signed-in users; everyone else starts at the sign-in screen, and comes back here after it. */
function requireUser({ request }: LoaderFunctionArgs) {
  return getUser() ? null : redirect(signInPathFor(new URL(request.url)));
}

/** The routes table, under /app. The sign-in screen is in the first chunk; everything else loads lazily. */
export function createAppRouter() {
  return createBrowserRouter(
    [
      {
        ErrorBoundary: ErrorPage,
        HydrateFallback: FullPageSpinner,
        children: [
          {
            path: 'login',
            Component: LoginLayout,
            children: [
              { index: true, loader: redirectSignedIn, Component: SignInPage },
              {
                path: 'register',
                lazy: () => import('./features/registration/register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
              },
              { path: 'register/*', loader: redirectTo('/login/register') },
              {
                path: 'change-password',
                lazy: () => import('./features/login/change-password-page.tsx').then((m) => ({ Component: m.ChangePasswordPage })),
              },
              confirmEmailRoute,
              { path: 'signin', loader: redirectTo('/login') },
              { path: '*', loader: redirectTo('/login') },
            ],
          },
          // A buyer's conversation, from the link its mail carries: no account, the token is the key.
          {
            path: 'chat/:token',
            lazy: () => import('./features/conversations/buyer-chat-page.tsx').then((m) => ({ Component: m.BuyerChatPage })),
          },
          // A buyer's offer, from the link its mails carry (answer a counter-offer, check out at the agreed price).
          {
            path: 'offer/:token',
            lazy: () => import('./features/offers/buyer-offer-page.tsx').then((m) => ({ Component: m.BuyerOfferPage })),
          },
          {
            path: '/',
            loader: requireUser,
            lazy: () => import('./features/shell/app-shell.tsx').then((m) => ({ Component: m.AppShell })),
            children: [
              { index: true, lazy: () => import('./home-route.tsx').then((m) => ({ Component: m.HomeRoute })) },
              ...vendorsRoutes,
              ...settingsRoutes,
              ...accountRoutes,
              ...commissionsRoutes,
              ...deliveryRoutes,
              ...paymentsRoutes,
              ...integrationsRoutes,
              ...notificationsRoutes,
              ...metafieldsRoutes,
              ...productEditorRoutes,
              ...productListRoutes,
              ...ordersRoutes,
              ...financeRoutes,
              ...vendorPageRoutes,
              ...conversationsRoutes,
              ...installationRoutes,
              ...membershipRoutes,
              ...offersRoutes,
              ...discountsRoutes,
              ...auditRoutes,
              { path: '*', lazy: () => import('./features/shell/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })) },
            ],
          },
        ],
      },
    ],
    { basename: '/app' },
  );
}
