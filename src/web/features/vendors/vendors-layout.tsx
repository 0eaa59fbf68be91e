import { NavLink, Outlet, useSearchParams, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { getUser } from '#web/session/session-store.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { VendorSearch } from './vendor-search.tsx';

/** The vendors list and applications are admin calls; vendors go back home. */
export function requireAdmin() {
  return getUser()?.admin ? null : redirect('/');
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `-mb-px border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    isActive ? 'border-indigo-600 text-indigo-600' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
  }`;

/** The admin's vendors area, named with the store's word: the vendors and the applications tabs share one search. */
export function VendorsLayout() {
  const { t } = useTranslation('vendors');
  const words = useWordingValues();
  usePageTitle(words.Vendors);
  const [params] = useSearchParams();
  const q = params.get('q');
  const search = q ? `?${new URLSearchParams({ q })}` : '';
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{words.Vendors}</h1>
      <VendorSearch />
      <nav aria-label={t('tabs.label', words)} className="flex gap-6 border-b border-gray-200">
        <NavLink to={{ pathname: '/vendors', search }} end className={tabClass}>
          {words.Vendors}
        </NavLink>
        <NavLink to={{ pathname: '/vendors/applications', search }} className={tabClass}>
          {t('tabs.applications')}
        </NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
