import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { hasPermission, type SessionUser } from '#web/session/session-user.ts';
import { useAppStatus, usePendingApplications, useProductsToReview } from './api/waiting-counts.ts';

interface Waiting {
  key: string;
  count: number;
  to: string;
}

/** The home screen's cards (no dashboard), and one row of pills above the dashboard. */
const FULL = {
  section: 'space-y-4',
  title: 'text-lg font-semibold text-gray-900',
  nothing: 'rounded-lg bg-white px-6 py-5 text-sm text-gray-700 shadow-sm ring-1 ring-gray-900/5',
  list: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
  link: 'block rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5 hover:ring-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600',
  count: 'block text-3xl font-semibold text-gray-900',
  label: 'mt-1 block text-sm font-medium text-gray-700',
};
const COMPACT = {
  section: 'flex flex-wrap items-center gap-2 rounded-lg bg-white px-4 py-3 shadow-xs ring-1 ring-gray-900/5',
  title: 'mr-2 text-sm font-semibold text-gray-900',
  nothing: 'text-sm text-gray-700',
  list: 'flex flex-wrap gap-2',
  link: 'inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1.5 text-sm font-medium text-indigo-800 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600',
  count: 'font-semibold',
  label: '',
};

/**
 * What waits for the user, with counts and a link to each list; says so when nothing does.
 * `compact`: one row of links above the dashboard, when the dashboard is the home screen.
 */
export function WaitingList({ user, words, compact = false }: { user: SessionUser; words: Record<string, string>; compact?: boolean }) {
  const { t } = useTranslation('home');
  const status = useAppStatus();
  const applications = usePendingApplications(user.admin);
  const toReview = useProductsToReview(user.admin);
  if (status.error) return <AlertText>{status.error.message}</AlertText>;
  if (!status.data || (user.admin && ((!applications.data && !applications.error) || (!toReview.data && !toReview.error))))
    return <LoadingBlock />;
  const items: Waiting[] = [
    hasPermission(user, 'read_orders') && { key: 'ordersToShip', count: status.data.orders, to: '/orders?fulfillment=unfulfilled' },
    hasPermission(user, 'read_products') && { key: 'draftProducts', count: status.data.draftProducts, to: '/products?status=DRAFT' },
    user.admin && toReview.data && { key: 'productsToReview', count: toReview.data.count, to: '/products?status=ALL&approval=waiting' },
    user.admin && applications.data && { key: 'applications', count: applications.data.applications.length, to: '/vendors/applications' },
  ].filter((item): item is Waiting => !!item);
  const open = items.filter((item) => item.count > 0);
  const look = compact ? COMPACT : FULL;
  return (
    <section aria-labelledby="waiting-title" className={look.section}>
      <h2 id="waiting-title" className={look.title}>
        {t('waiting.title')}
      </h2>
      {open.length === 0 ? (
        <p className={look.nothing} data-testid="nothing-waiting">
          {t('waiting.nothing')}
        </p>
      ) : (
        <ul className={look.list}>
          {open.map((item) => (
            <li key={item.key}>
              <Link to={item.to} data-testid="waiting-item" className={look.link}>
                <span className={look.count}>{item.count}</span>
                <span className={look.label}>{t(`waiting.${item.key}`, { ...words, count: item.count })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
