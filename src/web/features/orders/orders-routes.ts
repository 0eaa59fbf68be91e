import type { RouteObject } from 'react-router';

/** /app/orders (the list) and /app/orders/:orderId (one vendor order), loaded on first visit. */
export const ordersRoutes: RouteObject[] = [
  { path: 'orders', lazy: () => import('./list/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })) },
  { path: 'orders/:orderId', lazy: () => import('./detail/order-page.tsx').then((m) => ({ Component: m.OrderPage })) },
];
