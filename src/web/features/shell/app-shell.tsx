import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAppInfo } from '../../api/app-info.ts';
import { AlertText } from '../../components/alert-text.tsx';
import { applyBrandColors } from '../../components/brand-colors.ts';
import { ShopNameContext } from '../../components/use-page-title.tsx';
import { DEFAULT_WORDINGS } from '../../components/wordings.ts';
import { useSession } from '../../session/use-session.ts';
import { TopBar } from './top-bar.tsx';

/** The signed-in frame: the top bar with the areas and the account, then the area's screen. */
export function AppShell() {
  const user = useSession();
  const { data: info, error } = useAppInfo();
  useEffect(() => applyBrandColors(info?.colors), [info?.colors]);
  // The session can end while the app is open (refresh refused, signed out in another tab).
  if (!user) return <Navigate to="/login" replace />;
  return (
    <ShopNameContext value={info?.shopName}>
      <div className="flex min-h-screen flex-col">
        <TopBar user={user} shopName={info?.shopName} logo={info?.logo} wordings={info?.wordings ?? DEFAULT_WORDINGS} />
        <main className="flex-1 bg-gray-50">
          <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
            {error && <AlertText className="mb-6">{error.message}</AlertText>}
            <Outlet context={info} />
          </div>
        </main>
      </div>
    </ShopNameContext>
  );
}
