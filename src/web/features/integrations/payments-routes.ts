import type { RouteObject } from 'react-router';

/** /app/payments: the payment providers (admins: the marketplace's keys; vendors: how they get paid). */
export const paymentsRoutes: RouteObject[] = [
  { path: 'payments', lazy: () => import('./payments-page.tsx').then((m) => ({ Component: m.PaymentsPage })) },
];
