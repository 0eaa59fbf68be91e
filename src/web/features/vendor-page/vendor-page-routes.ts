import type { RouteObject } from 'react-router';
import type { FeatureRouteHandle } from '#web/api/app-info.ts';

/** /app/vendor-page: the vendor's own page (while the store has vendor pages on); admins over the marketplace review pages there. */
export const vendorPageRoutes: RouteObject[] = [
  {
    path: 'vendor-page',
    handle: { vendorPages: true } satisfies FeatureRouteHandle,
    lazy: () => import('./vendor-page-screen.tsx').then((m) => ({ Component: m.VendorPageScreen })),
  },
];
