import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccount } from '#web/api/account.ts';
import { useAppInfo, type AppInfo, type FeatureRouteHandle } from '#web/api/app-info.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { RouteProgress } from '#web/components/route-progress.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { applyBrandColors } from '#web/components/brand-colors.ts';
import { showScreensIn } from '#web/i18n/index.ts';
import { setStoreTexts } from '#web/i18n/store-texts.ts';
import { UnsavedChangesProvider } from '#web/components/unsaved-changes.tsx';
import { ShopNameContext } from '#web/components/use-page-title.tsx';
import { useStoreWordings } from '#web/components/use-wording-values.ts';
import { hasPermission, type SessionUser } from '#web/session/session-user.ts';
import { useSession } from '#web/session/use-session.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { PhoneMenu } from './phone-menu.tsx';
import { SupportLink } from './support-link.tsx';
import { SideNav } from './side-nav.tsx';
import { SwitchVendor } from './switch-vendor.tsx';
import { TopBar } from './top-bar.tsx';

/** The signed-in frame: the grouped navigation (a sidebar, or a menu on phones), the account bar, then the area's screen. */
export function AppShell() {
  const { t, i18n } = useTranslation('shell');
  const user = useSession();
  const { data: info, error } = useAppInfo();
  const screen = useFeatureScreen(info, user);
  const wordings = useStoreWordings();
  useEffect(() => applyBrandColors(info?.colors), [info?.colors]);
  useEffect(() => setStoreTexts(i18n, info?.texts), [i18n, info?.texts]);
  // The language kept with the account wins over this browser's: the user chose it, maybe elsewhere.
  const language = useAccount().data?.language;
  useEffect(() => {
    if (language) void showScreensIn(language);
  }, [language]);
  // The session can end while the app is open (refresh refused, signed out in another tab).
  if (!user) return <Navigate to="/login" replace />;
  const panel = (onNavigate?: () => void) => <NavPanel user={user} info={info} onNavigate={onNavigate} />;
  return (
    <ShopNameContext value={info?.shopName}>
      <RouteProgress />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-semibold text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <div className="min-h-screen bg-gray-50">
        <aside className="hidden bg-indigo-600 px-4 py-5 text-white lg:fixed lg:inset-y-0 lg:flex lg:w-64 lg:flex-col lg:overflow-y-auto">
          {panel()}
        </aside>
        <div className="lg:pl-64">
          <TopBar
            user={user}
            shopName={info?.shopName}
            siteUrl={info?.siteUrl}
            logo={info?.logo}
            wordings={wordings}
            menu={<PhoneMenu>{(close) => panel(close)}</PhoneMenu>}
          />
          <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 outline-none sm:px-6 lg:px-8">
            {error && <AlertText className="mb-6">{error.message}</AlertText>}
            <UnsavedChangesProvider>
              {/* The frame stays while a screen's texts load. */}
              <Suspense fallback={<LoadingBlock />}>
                {screen === 'shown' ? <Outlet context={info} /> : screen === 'hidden' ? <NotFoundPage /> : null}
              </Suspense>
            </UnsavedChangesProvider>
          </main>
        </div>
      </div>
    </ShopNameContext>
  );
}

function NavPanel({ user, info, onNavigate }: { user: SessionUser; info: AppInfo | undefined; onNavigate?: () => void }): ReactNode {
  const wordings = useStoreWordings();
  return (
    <div className="flex flex-col gap-6">
      {hasPermission(user, 'switch_vendor') && <SwitchVendor current={user.vendor} wordings={wordings} />}
      <SideNav user={user} store={info} wordings={wordings} onNavigate={onNavigate} />
      <SupportLink support={info?.support} />
    </div>
  );
}

/**
 * A screen of a switchable area (its route's `handle.feature`) is not there while the store has the
 * feature off: the not-found screen, as for any unknown address; it waits for the store's features
 * rather than show a screen whose calls would all answer 404. A vendor's screen that needs vendor
 * pages (`handle.vendorPages`) is not there for a vendor while they are off, which only an admin
 * can change (the admin's screen says where).
 */
function useFeatureScreen(info: AppInfo | undefined, user: SessionUser | null | undefined): 'shown' | 'hidden' | 'waiting' {
  const handles = useMatches()
    .map((match) => match.handle as FeatureRouteHandle | undefined)
    .filter((handle): handle is FeatureRouteHandle => handle?.feature !== undefined || !!handle?.vendorPages);
  if (handles.length === 0) return 'shown';
  if (!info) return 'waiting';
  const available = (handle: FeatureRouteHandle) =>
    (handle.feature === undefined || info.features[handle.feature].enabled) && (!handle.vendorPages || !!user?.admin || info.vendorPages);
  return handles.every(available) ? 'shown' : 'hidden';
}
