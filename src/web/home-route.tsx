import { lazy, Suspense } from 'react';
import { useOutletContext } from 'react-router';
import type { AppInfo } from './api/app-info.ts';
import { LoadingBlock } from './components/spinner.tsx';

// Each is its own chunk: the charting library comes with the dashboard only, never with sign-in.
const DashboardPage = lazy(() => import('./features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));
const HomePage = lazy(() => import('./features/home/home-page.tsx').then((m) => ({ default: m.HomePage })));

/**
 * The index route: the welcome and what waits, and below them the dashboard while the store has it
 * switched on (the chart chunk loads only then).
 */
export function HomeRoute() {
  const info = useOutletContext<AppInfo | undefined>();
  return (
    <Suspense fallback={<LoadingBlock />}>
      <div className="space-y-10">
        <HomePage />
        {info?.features.dashboard.enabled && (
          <Suspense fallback={<LoadingBlock />}>
            <DashboardPage />
          </Suspense>
        )}
      </div>
    </Suspense>
  );
}
