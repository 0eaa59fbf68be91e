import type { RouteObject } from 'react-router';

/** /app/integrations/sheets: the Google sheet the orders and products are written to. */
export const sheetsRoutes: RouteObject[] = [{ path: 'integrations/sheets', lazy: () => import('./sheets-section.tsx').then((m) => ({ Component: m.SheetsPage })) }];
