import type { RouteObject } from 'react-router';

/** /app/vendors (the vendors) and /app/vendors/applications, admin only, loaded on first visit. */
export const vendorsRoutes: RouteObject[] = [
  {
    path: 'vendors',
    lazy: () => import('./vendors-layout.tsx').then((m) => ({ Component: m.VendorsLayout, loader: m.requireAdmin })),
    children: [
      { index: true, lazy: () => import('./vendor-list-page.tsx').then((m) => ({ Component: m.VendorListPage })) },
      { path: 'applications', lazy: () => import('./applications-page.tsx').then((m) => ({ Component: m.ApplicationsPage })) },
    ],
  },
];
