import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { sessionRole } from '#web/session/session-user.ts';
import { useSession } from '#web/session/use-session.ts';
import { useSettings } from '#web/api/get-settings.ts';
import { MARKETPLACE_SECTIONS, SHOP_SECTIONS, type SettingsSectionEntry } from './settings-sections.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';

/**
 * /app/settings/page: one small form per concern, with a table of contents of anchors. Vendors
 * see only their own shop's sections; admins see the marketplace's as well.
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('title'));
  const user = useSession();
  const words = useWordingValues();
  const { data, error, isLoading, mutate } = useSettings();
  const { hash } = useLocation();
  // The sections appear after the load: only then can the browser find the anchor of the address.
  useEffect(() => {
    if (data && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [data, hash]);
  if (!user) return null;

  const role = sessionRole(user);
  const switchedOn = (section: SettingsSectionEntry) => !section.feature || !!data?.settings.features[section.feature].enabled;
  const groups: { id: string; title: string; note: string; sections: SettingsSectionEntry[] }[] = [
    ...(user.admin
      ? [
          {
            id: 'marketplace',
            title: t('groups.marketplace'),
            note: t('groups.marketplaceNote', words),
            sections: MARKETPLACE_SECTIONS.filter(switchedOn),
          },
        ]
      : []),
    {
      id: 'shop',
      title: role === 'admin' ? t('groups.marketplaceShop') : t('groups.shop'),
      note: role === 'admin' ? t('groups.marketplaceShopNote', words) : t('groups.shopNote', { ...words, name: user.vendor }),
      sections: SHOP_SECTIONS.filter((section) => switchedOn(section) && !(section.vendorOnly && role === 'admin')),
    },
  ];

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
      {isLoading && <LoadingBlock />}
      {error && !data && <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} className="mt-6" />}
      {data && (
        <div className="mt-6 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-8">
          <nav aria-label={t('contents')} className="mb-8 lg:mb-0">
            <div className="space-y-6 lg:sticky lg:top-6">
              {groups.map((group) => (
                <div key={group.id}>
                  <p className="text-xs font-semibold tracking-wide text-gray-500 uppercase">{group.title}</p>
                  <ul className="mt-2 space-y-1">
                    {group.sections.map((section) => (
                      <li key={section.id}>
                        <a
                          href={`#${section.id}`}
                          className="block rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-white hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                        >
                          {t(section.label, words)}
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </nav>
          <div className="space-y-12">
            {groups.map((group) => (
              <div key={group.id} className="space-y-6">
                <div>
                  <h2 className="text-lg font-semibold text-gray-900">{group.title}</h2>
                  <p className="mt-1 text-sm text-gray-600">{group.note}</p>
                </div>
                {group.sections.map(({ id, Component }) => (
                  <Component key={id} settings={data.settings} vendorSettings={data.vendorSettings} />
                ))}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
