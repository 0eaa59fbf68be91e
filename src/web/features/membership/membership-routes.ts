import type { RouteObject } from 'react-router';

/** /app/membership: vendors subscribe to the marketplace's membership; admins see the plans and where they are set. */
export const membershipRoutes: RouteObject[] = [
  { path: 'membership', lazy: () => import('./membership-page.tsx').then((m) => ({ Component: m.MembershipPage })) },
];
