import type { RouteObject } from 'react-router';

/** /app/delivery: everyone's zones and delivery settings (their own scope). */
export const deliveryRoutes: RouteObject[] = [{ path: 'delivery', lazy: () => import('./delivery-page.tsx').then((m) => ({ Component: m.DeliveryPage })) }];
