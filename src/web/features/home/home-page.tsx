import { useOutletContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppInfo } from '#web/api/app-info.ts';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { sessionRole } from '#web/session/session-user.ts';
import { useSession } from '#web/session/use-session.ts';
import { useStoreWordings, wordingValues } from '#web/components/use-wording-values.ts';
import { FirstSteps } from './first-steps.tsx';
import { UpdatePermissionsNotice } from './update-permissions-notice.tsx';
import { WaitingList } from './waiting-list.tsx';

/**
 * Who is signed in, for which store, and what waits for them: the landing screen, or with
 * `withDashboard` the short head of the dashboard's home screen (what waits as one row of links).
 */
export function HomePage({ withDashboard = false }: { withDashboard?: boolean }) {
  const { t } = useTranslation('home');
  usePageTitle(t(withDashboard ? 'dashboardTitle' : 'title'));
  const user = useSession();
  const info = useOutletContext<AppInfo | undefined>();
  const wordings = useStoreWordings();
  if (!user) return null;
  const shopName = info?.shopName ?? user.store;
  const role = sessionRole(user);
  return (
    <div className={withDashboard ? 'space-y-4' : 'space-y-8'}>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('welcome', { name: user.name })}</h1>
        <p className="mt-2 text-gray-600" data-testid="role-text">
          {role === 'admin'
            ? t('roleAdmin', { shopName, vendors: wordings.vendors })
            : role === 'admin-as-vendor'
              ? t('roleAdminAsVendor', { shopName, vendorName: user.vendor, vendorWord: wordings.vendor })
              : t('roleVendor', { shopName, vendorName: user.vendor, vendorWord: wordings.vendor })}
        </p>
      </div>
      {user.admin && <UpdatePermissionsNotice />}
      {user.admin && user.marketplaceView && <FirstSteps words={wordingValues(wordings)} />}
      <WaitingList user={user} words={wordingValues(wordings)} compact={withDashboard} />
    </div>
  );
}
