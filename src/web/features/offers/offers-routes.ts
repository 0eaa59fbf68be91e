import type { RouteObject } from 'react-router';

/** /app/offers: the offers list (?status=, ?q=, ?page=, as the offer-received mail links). */
export const offersRoutes: RouteObject[] = [
  { path: 'offers', lazy: () => import('./offers-page.tsx').then((m) => ({ Component: m.OffersPage })) },
];
