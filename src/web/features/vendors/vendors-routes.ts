import type { RouteObject } from 'react-router';

/** /app/vendors (the vendors), /app/vendors/applications and /app/vendors/:vendorId (one vendor), admin only, loaded on first visit. */
export const vendorsRoutes: RouteObject[] = [
  {
    path: 'vendors',
    lazy: () => import('./vendors-layout.tsx').then((m) => ({ Component: m.VendorsLayout, loader: m.requireAdmin })),
    children: [
      { index: true, lazy: () => import('./vendor-list-page.tsx').then((m) => ({ Component: m.VendorListPage })) },
      { path: 'applications', lazy: () => import('./applications-page.tsx').then((m) => ({ Component: m.ApplicationsPage })) },
    ],
  },
  {
    path: 'vendors/:vendorId',
    lazy: () =>
      Promise.all([import('./vendors-layout.tsx'), import('./detail/vendor-detail-page.tsx')]).then(([layout, page]) => ({
        Component: page.VendorDetailPage,
        loader: layout.requireAdmin,
      })),
  },
];
