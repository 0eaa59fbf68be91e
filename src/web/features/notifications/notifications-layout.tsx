import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/use-page-title.tsx';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `-mb-px border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    isActive ? 'border-indigo-600 text-indigo-600' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
  }`;

export function NotificationsLayout() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('title'));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
      <nav aria-label={t('tabs.label')} className="flex gap-6 border-b border-gray-200">
        <NavLink to="/notifications" end className={tabClass}>
          {t('tabs.templates')}
        </NavLink>
        <NavLink to="/notifications/settings" className={tabClass}>
          {t('tabs.settings')}
        </NavLink>
        <NavLink to="/notifications/outbox" className={tabClass}>
          {t('tabs.outbox')}
        </NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
