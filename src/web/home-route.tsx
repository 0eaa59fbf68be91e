import { lazy, Suspense } from 'react';
import { useOutletContext } from 'react-router';
import type { AppInfo } from './api/app-info.ts';
import { LoadingBlock } from './components/spinner.tsx';

// Each is its own chunk: the charting library comes with the dashboard only, never with sign-in.
const DashboardPage = lazy(() => import('./features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));
const HomePage = lazy(() => import('./features/home/home-page.tsx').then((m) => ({ default: m.HomePage })));

/**
 * The index route. While the store has the dashboard on, the dashboard is the home screen: a
 * one-line welcome and what waits as a row of links on top, the figures and charts below (the chart
 * chunk loads only then). Without it, the welcome and the list of what waits.
 */
export function HomeRoute() {
  const info = useOutletContext<AppInfo | undefined>();
  const withDashboard = !!info?.features.dashboard.enabled;
  return (
    <Suspense fallback={<LoadingBlock />}>
      <div className="space-y-8">
        <HomePage withDashboard={withDashboard} />
        {withDashboard && (
          <Suspense fallback={<LoadingBlock />}>
            <DashboardPage />
          </Suspense>
        )}
      </div>
    </Suspense>
  );
}
