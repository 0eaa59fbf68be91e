import type { RouteObject } from 'react-router';

/** /app/products/new and /app/products/:productId: the product editor, loaded on first visit. */
export const productEditorRoutes: RouteObject[] = [
  { path: 'products/new', lazy: () => import('./product-editor-page.tsx').then((m) => ({ Component: m.ProductEditorPage })) },
  { path: 'products/:productId', lazy: () => import('./product-editor-page.tsx').then((m) => ({ Component: m.ProductEditorPage })) },
];
