import type { RouteObject } from 'react-router';

/** /app/vendor-page: the vendor's own page; admins over the marketplace review pages there. */
export const vendorPageRoutes: RouteObject[] = [
  { path: 'vendor-page', lazy: () => import('./vendor-page-screen.tsx').then((m) => ({ Component: m.VendorPageScreen })) },
];
