import { useOutletContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppInfo } from '../../api/app-info.ts';
import { usePageTitle } from '../../components/use-page-title.tsx';
import { DEFAULT_WORDINGS } from '../../components/wordings.ts';
import { sessionRole } from '../../session/session-user.ts';
import { useSession } from '../../session/use-session.ts';

/** The landing screen: who is signed in, for which store, and an honest note that more areas follow. */
export function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(t('title'));
  const user = useSession();
  const info = useOutletContext<AppInfo | undefined>();
  if (!user) return null;
  const wordings = info?.wordings ?? DEFAULT_WORDINGS;
  const shopName = info?.shopName ?? user.store;
  const role = sessionRole(user);
  return (
    <div className="space-y-8">
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
      <section className="rounded-lg border-2 border-dashed border-gray-300 bg-white px-6 py-12 text-center">
        <h2 className="text-base font-semibold text-gray-900">{t('comingTitle')}</h2>
        <p className="mx-auto mt-2 max-w-prose text-sm text-gray-600">{t('comingText')}</p>
      </section>
    </div>
  );
}
