import type { RouteObject } from 'react-router';

/** /app/products (the list) and /app/products/import (CSV import), loaded on first visit. */
export const productListRoutes: RouteObject[] = [
  { path: 'products', lazy: () => import('./products-page.tsx').then((m) => ({ Component: m.ProductsPage })) },
  { path: 'products/import', lazy: () => import('../import/import-page.tsx').then((m) => ({ Component: m.ImportPage })) },
];
