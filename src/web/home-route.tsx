import { lazy, Suspense } from 'react';
import { useOutletContext } from 'react-router';
import type { AppInfo } from './api/app-info.ts';
import { LoadingBlock } from './components/spinner.tsx';

// Each is its own chunk: the charting library comes with the dashboard only, never with sign-in.
const DashboardPage = lazy(() => import('./features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));
const HomePage = lazy(() => import('./features/home/home-page.tsx').then((m) => ({ default: m.HomePage })));

/** The index route: the dashboard while the store has it switched on, otherwise the list of what waits. */
export function HomeRoute() {
  const info = useOutletContext<AppInfo | undefined>();
  if (!info) return <LoadingBlock />;
  return <Suspense fallback={<LoadingBlock />}>{info.features.dashboard.enabled ? <DashboardPage /> : <HomePage />}</Suspense>;
}
