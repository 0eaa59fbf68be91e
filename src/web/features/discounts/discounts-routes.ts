import type { RouteObject } from 'react-router';
import type { FeatureRouteHandle } from '#web/api/app-info.ts';

/** /app/discounts: the list, and the editor of a new (`new`) or existing discount, while the store has discounts on. */
export const discountsRoutes: RouteObject[] = [
  {
    path: 'discounts',
    handle: { feature: 'discounts' } satisfies FeatureRouteHandle,
    children: [
      { index: true, lazy: () => import('./discounts-page.tsx').then((m) => ({ Component: m.DiscountsPage })) },
      { path: ':id', lazy: () => import('./discount-editor-page.tsx').then((m) => ({ Component: m.DiscountEditorPage })) },
    ],
  },
];
