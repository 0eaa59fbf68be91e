import type { RouteObject } from 'react-router';

/** /app/finance: the ledger's transactions, totals and (admins) the payout flow; /app/finance/statements: monthly statements and (admins) the yearly report and reserves. Each loaded on first visit. */
export const financeRoutes: RouteObject[] = [
  { path: 'finance', lazy: () => import('./finance-page.tsx').then((m) => ({ Component: m.FinancePage })) },
  { path: 'finance/statements', lazy: () => import('./statements-page.tsx').then((m) => ({ Component: m.StatementsPage })) },
];
