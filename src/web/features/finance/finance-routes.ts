import type { RouteObject } from 'react-router';

/** /app/finance: the ledger's transactions, totals and (admins) the payout flow, loaded on first visit. */
export const financeRoutes: RouteObject[] = [{ path: 'finance', lazy: () => import('./finance-page.tsx').then((m) => ({ Component: m.FinancePage })) }];
