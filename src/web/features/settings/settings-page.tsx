import { useEffect } from 'react';
import { Navigate, NavLink, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HistorySection } from '#web/components/change-history/history-section.tsx';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { SaveBarProvider } from '#web/components/form/save-bar.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import { useSettings } from '#web/api/get-settings.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { pageOfSection, visibleSettingsPages, type VisibleSettingsPage } from './settings-pages.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block shrink-0 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    isActive ? 'bg-white text-indigo-700 shadow-sm ring-1 ring-gray-900/5' : 'text-gray-700 hover:bg-white hover:text-indigo-600'
  }`;

/**
 * /app/settings/page/<page>: the settings in a few pages of related sections, a sub-navigation
 * between them (a row that scrolls sideways on a phone, a column beside the page from 1024 px) and
 * one save bar per page. /app/settings/page opens the first page, or the page of the section its
 * #anchor names (the addresses of before the pages keep working).
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('title'));
  const user = useSession();
  const words = useWordingValues();
  const { data, error, isLoading, mutate } = useSettings();
  const { pageId } = useParams();
  const { hash } = useLocation();
  // The sections appear after the load: only then can the browser find the anchor of the address.
  useEffect(() => {
    if (data && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [data, hash, pageId]);
  if (!user) return null;

  const pages = data ? visibleSettingsPages(user, data.settings.features) : [];
  const page = pages.find((candidate) => candidate.id === pageId);
  if (data && !page) {
    const target = pageOfSection(pages, decodeURIComponent(hash.slice(1))) ?? pages[0];
    return <Navigate to={`/settings/page/${target.id}${hash}`} replace />;
  }
  const pageTitle = (entry: VisibleSettingsPage) =>
    entry.id === 'shop' ? t(user.marketplaceView ? 'pages.marketplaceShop' : 'pages.shop') : t(`pages.${entry.id}`, words);

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
      {isLoading && <LoadingBlock />}
      {error && !data && <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} className="mt-6" />}
      {data && page && (
        <div className="mt-6 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-8">
          <nav aria-label={t('pages.label')} className="mb-6 lg:mb-0">
            <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:sticky lg:top-6 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
              {pages.map((entry) => (
                <li key={entry.id} className="shrink-0">
                  <NavLink to={`/settings/page/${entry.id}`} className={linkClass}>
                    {pageTitle(entry)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {/* A page of its own each: edits of one page are not saved or discarded from another. */}
          <SaveBarProvider key={page.id}>
            <div className="min-w-0 space-y-6">
              <div>
                <h2 className="text-lg font-semibold text-gray-900">{pageTitle(page)}</h2>
                <p className="mt-1 text-sm text-gray-600">
                  {page.scope === 'marketplace'
                    ? t('pages.marketplaceNote', words)
                    : user.marketplaceView
                      ? t('pages.marketplaceShopNote', words)
                      : t('pages.shopNote', { ...words, name: user.vendor })}
                </p>
              </div>
              {page.sections.map(({ id, Component }) => (
                <Component key={id} settings={data.settings} vendorSettings={data.vendorSettings} />
              ))}
              {/* The changes of the settings this page shows: the store's, or the vendor's own. */}
              <HistorySection query={{ entity: page.scope === 'shop' && !user.marketplaceView ? 'vendor_settings' : 'stores' }} />
            </div>
          </SaveBarProvider>
        </div>
      )}
    </div>
  );
}
