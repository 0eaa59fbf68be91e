import type { RouteObject } from 'react-router';
import type { FeatureRouteHandle } from '#web/api/app-info.ts';

/** /app/delivery: everyone's zones and delivery settings (their own scope), while the store has delivery on. */
export const deliveryRoutes: RouteObject[] = [
  {
    path: 'delivery',
    handle: { feature: 'delivery' } satisfies FeatureRouteHandle,
    lazy: () => import('./delivery-page.tsx').then((m) => ({ Component: m.DeliveryPage })),
  },
];
